import { beforeAll, describe, expect, it } from 'vitest';
import { adminCurrencyFields, adminDiscountBands } from '@obmen/shared/admin';
import { i18n, initI18n } from '../../lib/i18n';
import { rowErrors } from './rows-editor';

// The messages come with each language's catalog, as in the console.
beforeAll(async () => {
  // The console loads the catalog's later part (the shared admin.* messages) before it draws.
  await i18n.loadLater();
  await initI18n('en');
  await initI18n('ru');
});

describe('checking a list of rows', () => {
  it('puts each problem under its row and field, in the operator’s language', () => {
    const fields = [
      {
        name: 'wallet',
        kind: 'address',
        labelRu: 'Адрес',
        labelEn: '',
        hintRu: '',
        hintEn: '',
        placeholder: '',
        pattern: '^(x',
        required: true,
      },
    ];
    expect(rowErrors(adminCurrencyFields.shape.giveFields, fields, 'en')).toEqual({
      '0.labelEn': 'This field is required',
      '0.pattern': 'This is not a regular expression',
    });
  });

  it('reports a problem of the whole list apart from the rows', () => {
    const field = {
      name: 'memo',
      kind: 'memo',
      labelRu: 'Мемо',
      labelEn: 'Memo',
      hintRu: '',
      hintEn: '',
      placeholder: '',
      pattern: '^\\d+$',
      required: false,
    };
    expect(rowErrors(adminCurrencyFields.shape.getFields, [field, field], 'ru')).toEqual({
      '*': 'Имена полей повторяются',
    });
  });

  it('checks the discount bands as one table: from zero, rising', () => {
    const bands = [
      { minTurnoverUsd: '10', percent: '0.05' },
      { minTurnoverUsd: '5', percent: '0.1' },
    ];
    expect(rowErrors(adminDiscountBands.shape.bands, bands, 'en')).toEqual({
      '0.minTurnoverUsd': 'The first band starts at 0',
      '1.minTurnoverUsd': 'Bands go up by turnover',
    });
    expect(rowErrors(adminDiscountBands.shape.bands, [{ minTurnoverUsd: '0', percent: '0.05' }], 'en')).toEqual({});
  });
});
