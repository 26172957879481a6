import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminPriceSource } from '@obmen/shared/admin';
import type { Lang } from '@obmen/shared/i18n';
import { initI18n } from '../../lib/i18n';
import { loadConsoleCopy } from '../i18n';
import { PriceSourcesTable } from './price-sources-table';

afterEach(cleanup);

const now = new Date().toISOString();
const row = (over: Partial<AdminPriceSource>): AdminPriceSource => ({
  valute: 'BTC',
  source: 'binance',
  usdPrice: '95000',
  priceAt: now,
  ageSeconds: 12,
  checkedAt: now,
  lastError: null,
  verdict: 'counted',
  deviationPercent: '0',
  ...over,
});
const SOURCES = [
  row({ source: 'binance', usdPrice: '133000', verdict: 'outlier', deviationPercent: '39.9853' }),
  row({ source: 'okx', ageSeconds: 1200, verdict: 'stale', deviationPercent: null }),
  row({ source: 'bybit', usdPrice: '95010', deviationPercent: '0.0105' }),
  row({ source: 'kraken', usdPrice: null, priceAt: null, ageSeconds: null, verdict: 'missing', lastError: 'HTTP 502' }),
  row({ valute: 'RUB', source: 'cbr', usdPrice: '0.0125' }),
];

async function show(lang: Lang) {
  await initI18n(lang);
  loadConsoleCopy();
  render(<PriceSourcesTable sources={SOURCES} />);
  return [...within(screen.getByTestId('price-sources')).getAllByRole('row')]
    .slice(1)
    .map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
}

describe('the operator’s price sources (issue 45)', () => {
  it('shows each source’s price, age and whether it counted, and why not', async () => {
    expect(await show('en')).toEqual([
      // The asset once per group of rows.
      ['BTC', 'Binance', '$133,000.00', '12 secs', 'left out: +39.99% from the median'],
      ['OKX', '$95,000.00', '20 mins', 'left out: stale'],
      ['Bybit', '$95,010.00', '12 secs', 'counted'],
      ['Kraken', '—', '—', 'no price yetSource error: HTTP 502'],
      ['RUB', 'Bank of Russia', '$0.0125', '12 secs', 'counted'],
    ]);
  });

  it('in Russian too', async () => {
    const rows = await show('ru');
    expect(rows[0]).toEqual([
      'BTC',
      'Binance',
      '133\u00a0000,00\u00a0$',
      expect.any(String),
      'не учтён: +39,99\u00a0% от медианы',
    ]);
    expect(rows[4]?.[1]).toBe('Банк России');
  });
});
