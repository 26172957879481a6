import { expect, type Browser, type Page } from '@playwright/test';
import { COPY, type Lang } from './converter';

// What a visitor without JavaScript (or a crawler) gets from the server for the pages issue 43
// names: the right status, title and body in each language, styled. The same checks run against
// `npm start` (server-rendering.spec.ts) and `npm run dev` (dev-server.spec.ts).

const WORDS = {
  ru: {
    pairTitle: [/Сбербанк/, /Bitcoin/],
    pairText: 'Как купить Bitcoin с карты Сбербанка',
    noPage: 'Страница не найдена',
    noPageHint: /Возможно, ссылка устарела/,
    noNews: 'Новость не найдена',
    status: 'Статус обменника',
    directions: 'Направления',
    open: 'открыто',
  },
  en: {
    pairTitle: [/Sberbank/, /Bitcoin/],
    pairText: 'How to buy Bitcoin with a Sberbank card',
    noPage: 'Page not found',
    noPageHint: /The link may be out of date/,
    noNews: 'News item not found',
    status: 'Exchanger status',
    directions: 'Directions',
    open: 'open',
  },
} as const;

/** Checks both languages side by side, each in a browser context with JavaScript off. */
export async function checkServerDrawnPages(browser: Browser, baseURL: string): Promise<void> {
  await Promise.all(
    (['ru', 'en'] as const).map(async (lang) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      try {
        await checkLanguage(await context.newPage(), lang);
      } finally {
        await context.close();
      }
    }),
  );
}

async function checkLanguage(page: Page, lang: Lang): Promise<void> {
  const words = WORDS[lang];
  const open = async (path: string, status: number) => {
    const response = await page.goto(path);
    expect(response?.status(), `${path} answers ${status}`).toBe(status);
  };

  await open(`/${lang}/SBERRUB--BTC`, 200);
  for (const name of words.pairTitle) await expect(page).toHaveTitle(name);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Bitcoin');
  await expect(page.getByRole('textbox', { name: COPY[lang].give })).not.toHaveValue('');
  await expect(page.getByRole('textbox', { name: COPY[lang].get })).not.toHaveValue('');
  await expect(page.getByRole('heading', { name: words.pairText })).toBeVisible();
  // Styled by the document itself: without its stylesheets the button is the browser's plain one.
  const submit = page.getByRole('button', { name: COPY[lang].submit, exact: true });
  const look = () => submit.evaluate((button) => getComputedStyle(button).backgroundColor);
  const styled = await look();
  await page.evaluate(() => {
    for (const sheet of document.styleSheets) sheet.disabled = true;
  });
  expect(styled, 'the submit button is styled before any script').not.toBe(await look());

  const news = await page.request.get(`/api/v1/news/?lang=${lang}`);
  const [item] = ((await news.json()) as { items: { id: number; title: string }[] }).items;
  if (!item) throw new Error('the demo data has no news item');
  await open(`/${lang}/news/${item.id}`, 200);
  await expect(page).toHaveTitle(new RegExp(escaped(item.title)));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.title);
  await expect(page.locator('main article p').first()).toBeVisible();

  await open(`/${lang}/AAA--BBB`, 404);
  await expect(page).toHaveTitle(new RegExp(words.noPage));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.noPage);
  await expect(page.getByText(words.noPageHint)).toBeVisible();

  await open(`/${lang}/news/999999`, 404);
  await expect(page).toHaveTitle(new RegExp(words.noNews));
  await expect(page.getByRole('heading', { name: words.noNews })).toBeVisible();

  // The status page (issue 48): its directions and their state, from the server.
  await open(`/${lang}/status`, 200);
  await expect(page).toHaveTitle(new RegExp(words.status));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.status);
  await expect(page.getByRole('heading', { name: words.directions })).toBeVisible();
  const usdtToBtc = page.getByTestId('status-directions').locator('tr[data-pair="USDTTRC20>BTC"]');
  await expect(usdtToBtc).toContainText('USDTTRC20 → BTC');
  await expect(usdtToBtc).toContainText(words.open);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
