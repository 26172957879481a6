import { expect, type Page } from '@playwright/test';

// The converter as the converter specs see it (converter*.spec.ts): its words in each language, its
// fields and pickers, and picking a currency by search.

export type Lang = 'ru' | 'en';

export const COPY = {
  ru: {
    give: 'Отдаёте',
    get: 'Получаете',
    submit: 'Обменять',
    belowMin: 'Меньше минимальной суммы',
    aboveMax: 'Больше максимальной суммы',
    overLimit: 'Превышен лимит',
    overflow: /В резерве [\d\s\u00a0,]+ BTC: уменьшите сумму/,
    unavailable: 'Данное направление недоступно',
    swap: 'Поменять валюты местами',
    fixed: 'Фиксированный',
    refreshIn: 'Курс обновится через',
    sber: 'Сбербанк RUB',
    tbank: 'Т-Банк RUB',
    btc: 'Bitcoin',
    noDirectionWithSber: 'Нет обмена с «Сбербанк RUB»',
    defaultText: 'Как обменять рубли и криптовалюту в Obmen',
  },
  en: {
    give: 'You give',
    get: 'You get',
    submit: 'Exchange',
    belowMin: 'Less than the minimum amount',
    aboveMax: 'More than the maximum amount',
    overLimit: 'Limit exceeded',
    overflow: /The reserve is [\d,.]+ BTC: lower the amount/,
    unavailable: 'This direction is unavailable',
    swap: 'Swap currencies',
    fixed: 'Fixed',
    refreshIn: 'Rate refreshes in',
    sber: 'Sberbank RUB',
    tbank: 'T-Bank RUB',
    btc: 'Bitcoin',
    noDirectionWithSber: 'No exchange with Sberbank RUB',
    defaultText: 'How to exchange roubles and crypto on Obmen',
  },
} as const;

export function converter(page: Page, lang: Lang) {
  const c = COPY[lang];
  return {
    giveAmount: page.getByLabel(c.give, { exact: true }),
    getAmount: page.getByLabel(c.get, { exact: true }),
    givePicker: page.getByRole('button', { name: new RegExp(`^${c.give}:`) }),
    getPicker: page.getByRole('button', { name: new RegExp(`^${c.get}:`) }),
    submit: page.getByRole('button', { name: c.submit, exact: true }),
    giveProblem: page.getByTestId('give-problem'),
    getProblem: page.getByTestId('get-problem'),
  };
}

/** Picks a currency through the list dialog by typing and Enter, as a keyboard user would. */
export async function pick(page: Page, picker: ReturnType<typeof converter>['givePicker'], search: string) {
  await picker.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox').fill(search);
  await dialog.getByRole('combobox').press('Enter');
  await expect(dialog).toBeHidden();
  // Focus comes back to the button, so a keyboard user carries on from where they were.
  await expect(picker).toBeFocused();
}
