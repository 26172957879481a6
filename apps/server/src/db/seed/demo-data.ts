/**
 * The demo exchange a fresh installation starts with: real banks and networks, USD prices near the
 * market of late 2026, ranges and reserves of a mid-sized exchanger. Amounts are decimal strings.
 */
type Kind = 'card' | 'bank' | 'crypto' | 'emoney';

interface DemoCurrency {
  code: string;
  nameRu: string;
  nameEn: string;
  valute: string;
  kind: Kind;
  scale: number;
  highlighted?: boolean;
  aliases: string[];
  usdPrice: string;
  reserve: string;
  /**
   * The range when this currency is given. A threshold replaces the minimum while it is set
   * (spec §3): the operator raises the floor of a direction without losing the usual minimum.
   */
  giveRange: { min: string; threshold?: string; max: string };
}

const RUB_RANGE = { min: '3000', max: '1500000' };

export const DEMO_CURRENCIES: DemoCurrency[] = [
  {
    code: 'SBERRUB',
    nameRu: 'Сбербанк RUB',
    nameEn: 'Sberbank RUB',
    valute: 'RUB',
    kind: 'card',
    scale: 2,
    highlighted: true,
    aliases: ['сбер', 'сбербанк', 'sber', 'sberbank', 'карта', 'card'],
    usdPrice: '0.0124',
    reserve: '4850000',
    giveRange: RUB_RANGE,
  },
  {
    code: 'TCSBRUB',
    nameRu: 'Т-Банк RUB',
    nameEn: 'T-Bank RUB',
    valute: 'RUB',
    kind: 'card',
    scale: 2,
    aliases: ['т-банк', 'тбанк', 'тинькофф', 't-bank', 'tbank', 'tinkoff', 'карта', 'card'],
    usdPrice: '0.0124',
    reserve: '3920000',
    giveRange: RUB_RANGE,
  },
  {
    code: 'ACRUB',
    nameRu: 'Альфа-Банк RUB',
    nameEn: 'Alfa-Bank RUB',
    valute: 'RUB',
    kind: 'card',
    scale: 2,
    aliases: ['альфа', 'альфабанк', 'alfa', 'alfabank', 'карта', 'card'],
    usdPrice: '0.0124',
    reserve: '2740000',
    giveRange: RUB_RANGE,
  },
  {
    code: 'SBPRUB',
    nameRu: 'СБП RUB',
    nameEn: 'SBP RUB (Faster Payments)',
    valute: 'RUB',
    kind: 'bank',
    scale: 2,
    highlighted: true,
    aliases: ['сбп', 'система быстрых платежей', 'sbp', 'fps', 'faster payments'],
    usdPrice: '0.0124',
    reserve: '3100000',
    giveRange: { min: '3000', threshold: '5000', max: '700000' },
  },
  {
    code: 'BTC',
    nameRu: 'Bitcoin',
    nameEn: 'Bitcoin',
    valute: 'BTC',
    kind: 'crypto',
    scale: 8,
    highlighted: true,
    aliases: ['биткоин', 'биткойн', 'btc', 'xbt'],
    usdPrice: '94850.12',
    reserve: '3.25487310',
    giveRange: { min: '0.0005', max: '5' },
  },
  {
    code: 'ETH',
    nameRu: 'Ethereum',
    nameEn: 'Ethereum',
    valute: 'ETH',
    kind: 'crypto',
    scale: 8,
    aliases: ['эфир', 'эфириум', 'ether', 'eth'],
    usdPrice: '3412.57',
    reserve: '48.71205000',
    giveRange: { min: '0.01', max: '150' },
  },
  {
    code: 'USDTTRC20',
    nameRu: 'Tether TRC20',
    nameEn: 'Tether TRC20',
    valute: 'USDT',
    kind: 'crypto',
    scale: 2,
    highlighted: true,
    aliases: ['usdt', 'tether', 'тезер', 'trc20', 'tron'],
    usdPrice: '1.0002',
    reserve: '185420.55',
    giveRange: { min: '30', max: '250000' },
  },
  {
    code: 'USDTERC20',
    nameRu: 'Tether ERC20',
    nameEn: 'Tether ERC20',
    valute: 'USDT',
    kind: 'crypto',
    scale: 2,
    aliases: ['usdt', 'tether', 'тезер', 'erc20', 'ethereum'],
    usdPrice: '1.0002',
    reserve: '62310.00',
    giveRange: { min: '100', max: '250000' },
  },
  {
    code: 'USDCERC20',
    nameRu: 'USD Coin ERC20',
    nameEn: 'USD Coin ERC20',
    valute: 'USDC',
    kind: 'crypto',
    scale: 2,
    aliases: ['usdc', 'usd coin', 'circle', 'erc20'],
    usdPrice: '0.9999',
    reserve: '40150.00',
    giveRange: { min: '100', max: '150000' },
  },
  {
    code: 'LTC',
    nameRu: 'Litecoin',
    nameEn: 'Litecoin',
    valute: 'LTC',
    kind: 'crypto',
    scale: 8,
    aliases: ['лайткоин', 'ltc'],
    usdPrice: '88.41',
    reserve: '522.90400000',
    giveRange: { min: '0.5', max: '2500' },
  },
  {
    code: 'TON',
    nameRu: 'Toncoin',
    nameEn: 'Toncoin',
    valute: 'TON',
    kind: 'crypto',
    scale: 6,
    aliases: ['тон', 'toncoin', 'telegram', 'ton'],
    usdPrice: '3.184',
    reserve: '21400.000000',
    giveRange: { min: '10', max: '60000' },
  },
  {
    code: 'XMR',
    nameRu: 'Monero',
    nameEn: 'Monero',
    valute: 'XMR',
    kind: 'crypto',
    scale: 8,
    aliases: ['монеро', 'xmr'],
    usdPrice: '212.36',
    reserve: '75.41000000',
    giveRange: { min: '0.2', threshold: '0.5', max: '600' },
  },
  {
    code: 'TRX',
    nameRu: 'TRON',
    nameEn: 'TRON',
    valute: 'TRX',
    kind: 'crypto',
    scale: 6,
    aliases: ['трон', 'tron', 'trx'],
    usdPrice: '0.2764',
    reserve: '905000.000000',
    giveRange: { min: '150', max: '900000' },
  },
  {
    code: 'SOL',
    nameRu: 'Solana',
    nameEn: 'Solana',
    valute: 'SOL',
    kind: 'crypto',
    scale: 6,
    aliases: ['солана', 'sol'],
    usdPrice: '181.73',
    reserve: '640.500000',
    giveRange: { min: '0.2', max: '1500' },
  },
];

export interface DemoDirection {
  giveCode: string;
  getCode: string;
  feePercent: string;
  manual: boolean;
  cardVerify: boolean;
  enabled: boolean;
}

const isRub = (c: DemoCurrency) => c.valute === 'RUB';

/**
 * Roubles to every coin and back, and coin to coin. Card payments need a verified card; rouble
 * transfers are processed by hand, coin swaps automatically. Monero to Solana is switched off so
 * an unavailable direction can be seen from the start.
 */
export function demoDirections(): DemoDirection[] {
  const result: DemoDirection[] = [];
  for (const give of DEMO_CURRENCIES) {
    for (const get of DEMO_CURRENCIES) {
      if (give.code === get.code || (isRub(give) && isRub(get))) continue;
      const rubInvolved = isRub(give) || isRub(get);
      const stable = (c: DemoCurrency) => c.valute === 'USDT' || c.valute === 'USDC';
      result.push({
        giveCode: give.code,
        getCode: get.code,
        feePercent: isRub(give) ? '2.5' : isRub(get) ? '1.8' : stable(give) && stable(get) ? '0.4' : '1.2',
        manual: rubInvolved,
        cardVerify: give.kind === 'card',
        enabled: !(give.code === 'XMR' && get.code === 'SOL'),
      });
    }
  }
  return result;
}
