import { describe, expect, it } from 'vitest';
import type { Currency } from '@obmen/shared/contracts';
import { searchCurrencies } from './currency-search';

const make = (codeName: string, name: string, valute: string, aliases: string[]): Currency => ({
  codeName,
  name,
  valute,
  aliases,
  iconPath: '',
  highlighted: false,
  scale: 2,
  kind: 'crypto',
});

const LIST = [
  make('SBERRUB', 'Сбербанк RUB', 'RUB', ['сбер', 'sber', 'карта']),
  make('TCSBRUB', 'Т-Банк RUB', 'RUB', ['тинькофф', 'tinkoff', 'карта']),
  make('BTC', 'Bitcoin', 'BTC', ['биткоин', 'xbt']),
  make('USDTTRC20', 'Tether TRC20', 'USDT', ['usdt', 'tether', 'trc20']),
  make('USDTERC20', 'Tether ERC20', 'USDT', ['usdt', 'tether', 'erc20', 'ethereum']),
  make('ETH', 'Ethereum', 'ETH', ['эфир']),
];
const codes = (query: string) => searchCurrencies(LIST, query).map((c) => c.codeName);

describe('currency search', () => {
  it('finds by name, code, valute and alias, whatever the case', () => {
    expect(codes('BITCOIN')).toEqual(['BTC']);
    expect(codes('tcsb')).toEqual(['TCSBRUB']);
    expect(codes('Тинькофф')).toEqual(['TCSBRUB']);
    expect(codes('эфир')).toEqual(['ETH']);
    expect(codes('usdt')).toEqual(['USDTTRC20', 'USDTERC20']);
  });

  it('ignores spaces, dashes and ё', () => {
    expect(codes('т банк')).toEqual(['TCSBRUB']);
    expect(codes('tbank')).toEqual([]);
    expect(codes('т-банк rub')).toEqual(['TCSBRUB']);
  });

  it('puts names and codes that start with the query first', () => {
    expect(codes('eth')).toEqual(['ETH', 'USDTERC20']);
    expect(codes('карта')).toEqual(['SBERRUB', 'TCSBRUB']);
  });

  it('gives the whole list for an empty query and nothing for a stranger', () => {
    expect(codes('  ')).toHaveLength(LIST.length);
    expect(codes('doge')).toEqual([]);
  });
});
