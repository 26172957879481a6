import { describe, expect, it } from 'vitest';
import { issueMessage } from '../validation/issue-message';
import { payoutFormSchema, type RefCurrency } from './referral';

const usdt: RefCurrency = {
  codeName: 'USDTTRC20',
  name: 'Tether TRC20',
  valute: 'USDT',
  iconPath: '/icons/usdt.svg',
  scale: 2,
  minSum: '10.00',
  maxSum: '24.99',
  unavailableReason: null,
  requisite: {
    name: 'walletAddress',
    kind: 'address',
    label: 'Адрес кошелька',
    hint: '',
    placeholder: 'T…',
    pattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
    required: true,
  },
  addRequisite: null,
};
const card: RefCurrency = {
  ...usdt,
  codeName: 'SBERRUB',
  valute: 'RUB',
  minSum: '800.00',
  maxSum: '2000.00',
  requisite: { ...usdt.requisite, name: 'cardNumber', kind: 'card', pattern: '^\\d{16,19}$' },
  addRequisite: { ...usdt.requisite, name: 'fullName', kind: 'text', pattern: '^.{3,}$', required: true },
};

function errors(currency: RefCurrency | undefined, values: Record<string, string>, lang: 'ru' | 'en' = 'ru') {
  const result = payoutFormSchema(currency).safeParse({
    Currency: currency?.codeName ?? '',
    Sum: '',
    Requisite: '',
    AddRequisite: '',
    ...values,
  });
  if (result.success) return result.data;
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issueMessage(issue, lang)]));
}

describe('the payout form', () => {
  it('says what is wrong with every field at once, with the currency’s own numbers', () => {
    expect(errors(usdt, {})).toEqual({ Sum: 'Это поле обязательно', Requisite: 'Это поле обязательно' });
    expect(errors(usdt, { Sum: 'ten', Requisite: 'nope' })).toEqual({
      Sum: 'Неверное значение',
      Requisite: 'Неверное значение',
    });
    expect(errors(usdt, { Sum: '12.345' }, 'en')).toMatchObject({ Sum: 'At most 2 digits after the decimal point' });
    expect(errors(usdt, { Sum: '9.99' })).toMatchObject({ Sum: 'Минимальная сумма вывода: 10.00 USDT' });
    expect(errors(usdt, { Sum: '25' }, 'en')).toMatchObject({ Sum: 'The amount is more than the balance' });
    expect(errors(card, { Sum: '1000', Requisite: '2202 2000 0000 0009' })).toEqual({
      Requisite: 'Неверный номер карты',
      AddRequisite: 'Это поле обязательно',
    });
    expect(errors(undefined, {})).toEqual({ Currency: 'Это поле обязательно' });
    expect(errors({ ...usdt, maxSum: null, unavailableReason: 'x' }, { Sum: '10' }, 'en')).toEqual({
      Currency: 'The balance is below the smallest payout in this currency: 10.00 USDT',
    });
  });

  it('sends the sum as a plain decimal, whichever mark was typed', () => {
    expect(errors(usdt, { Sum: '24,99', Requisite: ' TDUaVeMo8UTNmoMCuN7ydNBamXTzgddv2H ' })).toEqual({
      Currency: 'USDTTRC20',
      Sum: '24.99',
      Requisite: 'TDUaVeMo8UTNmoMCuN7ydNBamXTzgddv2H',
      AddRequisite: '',
    });
    expect(errors(card, { Sum: '1 500', Requisite: '2202 2000 0000 0008', AddRequisite: 'Иван Петров' })).toMatchObject(
      { Sum: '1500', AddRequisite: 'Иван Петров' },
    );
  });
});
