import { describe, expect, it } from 'vitest';
import type { Quote, RequisiteField } from '@obmen/shared/contracts';
import {
  ticketBody,
  ticketFormDefaults,
  ticketFormSchema,
  type TicketFormFields,
  type TicketFormValues,
} from './ticket-form';

const card: RequisiteField = {
  name: 'cardNumber',
  kind: 'card',
  label: 'Номер карты',
  hint: '',
  placeholder: '',
  pattern: '^\\d{16,19}$',
  required: true,
};
const wallet: RequisiteField = {
  name: 'walletAddress',
  kind: 'address',
  label: 'Адрес',
  hint: '',
  placeholder: '',
  pattern: '^bc1[a-z0-9]{20,60}$',
  required: true,
};
const memo: RequisiteField = { ...wallet, name: 'memo', kind: 'memo', pattern: '^\\w{1,20}$', required: false };
const fields: TicketFormFields = { give: [card], get: [wallet, memo] };

const valid: TicketFormValues = {
  ...ticketFormDefaults(fields, 'client@example.com', ''),
  requisites: {
    give: { cardNumber: '2202 2000 0000 0008' },
    get: { walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', memo: '' },
  },
  agreeAml: true,
  agreeRules: true,
};
const withRequisite = (side: 'give' | 'get', name: string, value: string): TicketFormValues => ({
  ...valid,
  requisites: { ...valid.requisites, [side]: { ...valid.requisites[side], [name]: value } },
});

const problems = (values: TicketFormValues) => {
  const result = ticketFormSchema(fields).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the ticket form’s own checks (the same as the server’s)', () => {
  it('passes a complete, valid form', () => {
    expect(problems(valid)).toEqual({});
  });

  it('checks each requisite by its pattern, a card by Luhn too, and what is required', () => {
    expect(problems(withRequisite('give', 'cardNumber', '2202 2000 0000 0009'))).toEqual({
      'requisites.give.cardNumber': 'validation.cardNumber',
    });
    expect(problems(withRequisite('get', 'walletAddress', '0xabc'))).toEqual({
      'requisites.get.walletAddress': 'validation.pattern',
    });
    expect(problems(withRequisite('get', 'walletAddress', '  '))).toEqual({
      'requisites.get.walletAddress': 'validation.required',
    });
    // An optional field may stay empty, but not be wrong.
    expect(problems(withRequisite('get', 'memo', 'no spaces allowed'))).toEqual({
      'requisites.get.memo': 'validation.pattern',
    });
  });

  it('needs a real e-mail and both agreements', () => {
    expect(problems({ ...valid, email: 'nope', agreeAml: false, agreeRules: false })).toEqual({
      email: 'validation.email',
      agreeAml: 'validation.agreeAml',
      agreeRules: 'validation.agreeRules',
    });
  });
});

describe('the create payload', () => {
  it('carries the quote’s own sums and token, and only the requisites filled in', () => {
    const quote = { giveSum: '10000.00', getSum: '0.00127464', quoteToken: 'signed.token' } as Quote;
    const body = ticketBody(
      valid,
      fields,
      { giveName: 'SBERRUB', getName: 'BTC', direction: 'sell', useFixed: false },
      quote,
      'PROMO-1',
      '1001',
    );
    expect(body).toEqual({
      giveName: 'SBERRUB',
      getName: 'BTC',
      giveSum: '10000.00',
      getSum: '0.00127464',
      calcDirection: 'sell',
      useFixed: false,
      quoteToken: 'signed.token',
      promocode: 'PROMO-1',
      refId: '1001',
      email: 'client@example.com',
      requisites: {
        give: { cardNumber: '2202 2000 0000 0008' },
        get: { walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
      },
      agreeAml: true,
      agreeRules: true,
    });
  });
});
