import { describe, expect, it } from 'vitest';
import { rateText } from './rate-text';

const RUB = { valute: 'RUB', scale: 2 };
const BTC = { valute: 'BTC', scale: 8 };
const USDT = { valute: 'USDT', scale: 2 };

describe('a rate on screen', () => {
  it('prices one unit of the dearer currency, to the cheaper one’s decimals', () => {
    expect(rateText('0.000000131365', RUB, BTC, 'en')).toBe('1 BTC = 7,612,377.72 RUB');
    expect(rateText('94820.5', BTC, USDT, 'ru')).toBe('1 BTC = 94\u00a0820,5 USDT');
  });

  it('says nothing of a zero rate', () => {
    expect(rateText('0', RUB, BTC, 'en')).toBe('—');
  });
});
