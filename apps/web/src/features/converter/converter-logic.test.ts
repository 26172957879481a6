import { describe, expect, it } from 'vitest';
import type { Currency } from '@obmen/shared/contracts';
import {
  amountOf,
  canSwap,
  checkAmount,
  classifyRefusal,
  directionKeyOf,
  cleanAmountInput,
  inputText,
  pairFromSegment,
  pickCurrency,
  rateLine,
  resolvePair,
  type ProblemTexts,
} from './converter-logic';

const currency = (codeName: string, valute = codeName): Currency => ({
  name: codeName,
  codeName,
  valute,
  iconPath: '',
  highlighted: false,
  aliases: [],
  scale: 2,
  kind: 'crypto',
});
const LIST = ['SBERRUB', 'TCSBRUB', 'BTC', 'ETH'].map((c) => currency(c));

const texts: ProblemTexts = {
  belowMin: 'Меньше минимальной суммы',
  aboveMax: 'Больше максимальной суммы',
  overLimit: 'Превышен лимит',
  limitOverflow: (reserve) => `В резерве ${reserve} BTC`,
};

describe('the pair', () => {
  it('reads a pair address in any case and nothing else', () => {
    expect(pairFromSegment('sberrub--btc')).toEqual({ give: 'SBERRUB', get: 'BTC' });
    expect(pairFromSegment('SBERRUB-BTC')).toBeNull();
    expect(pairFromSegment(undefined)).toBeNull();
  });

  it('takes the first candidate both lists carry, else SBERRUB → BTC, else the first of each list', () => {
    expect(
      resolvePair(LIST, LIST, [
        { give: 'DOGE', get: 'BTC' },
        { give: 'ETH', get: 'BTC' },
      ]),
    ).toEqual({
      give: 'ETH',
      get: 'BTC',
    });
    expect(resolvePair(LIST, LIST, [null, { give: 'BTC', get: 'BTC' }])).toEqual({ give: 'SBERRUB', get: 'BTC' });
    const noDefaults = [currency('ETH'), currency('TON')];
    expect(resolvePair(noDefaults, noDefaults, [])).toEqual({ give: 'ETH', get: 'TON' });
    expect(resolvePair([], LIST, [])).toBeNull();
  });

  it('swaps when the other side’s currency is chosen', () => {
    const pair = { give: 'SBERRUB', get: 'BTC' };
    expect(pickCurrency(pair, 'give', 'BTC')).toEqual({ give: 'BTC', get: 'SBERRUB' });
    expect(pickCurrency(pair, 'get', 'SBERRUB')).toEqual({ give: 'BTC', get: 'SBERRUB' });
    expect(pickCurrency(pair, 'get', 'ETH')).toEqual({ give: 'SBERRUB', get: 'ETH' });
  });

  it('moves the other side to a currency the picked one has a direction with', () => {
    // Roubles go to coins and back, coins to coins; never roubles to roubles.
    const rub = ['SBERRUB', 'TCSBRUB'];
    const directions = new Set(
      LIST.flatMap((give) =>
        LIST.filter((get) => get !== give && !(rub.includes(give.codeName) && rub.includes(get.codeName))).map((get) =>
          directionKeyOf(give.codeName, get.codeName),
        ),
      ),
    );
    const pair = { give: 'BTC', get: 'SBERRUB' };
    expect(pickCurrency(pair, 'give', 'TCSBRUB', directions, LIST)).toEqual({ give: 'TCSBRUB', get: 'BTC' });
    expect(pickCurrency(pair, 'give', 'ETH', directions, LIST)).toEqual({ give: 'ETH', get: 'SBERRUB' });
    expect(pickCurrency({ give: 'SBERRUB', get: 'BTC' }, 'get', 'TCSBRUB', directions, LIST)).toEqual({
      give: 'BTC',
      get: 'TCSBRUB',
    });
    expect(canSwap({ give: 'SBERRUB', get: 'BTC' }, LIST, LIST, directions)).toBe(true);
    expect(canSwap({ give: 'SBERRUB', get: 'BTC' }, LIST, LIST, new Set([directionKeyOf('SBERRUB', 'BTC')]))).toBe(
      false,
    );
  });
});

describe('amount fields', () => {
  it('keeps a comma or a dot as typed, one mark, and no more decimals than the scale', () => {
    expect(cleanAmountInput('12,345', 2)).toBe('12,34');
    expect(cleanAmountInput('12.345', 2)).toBe('12.34');
    expect(cleanAmountInput('1 000,5', 2)).toBe('1000,5');
    expect(cleanAmountInput('1.2.3', 8)).toBe('1.23');
    expect(cleanAmountInput('-5e3', 2)).toBe('53');
    expect(cleanAmountInput('10.5', 0)).toBe('10');
    expect(cleanAmountInput(',5', 2)).toBe('0,5');
    expect(cleanAmountInput('9'.repeat(30), 2)).toBe('9'.repeat(15));
  });

  it('prices only a whole amount, whichever mark it uses', () => {
    expect(amountOf('12,5')).toBe('12.5');
    expect(amountOf('12,')).toBe('12');
    expect(amountOf('')).toBe('');
    expect(amountOf(',')).toBe('');
  });

  it('shows a wire amount without the zeros of its scale, with the page’s mark', () => {
    expect(inputText('3000.00', 'ru')).toBe('3000');
    expect(inputText('0.00127460', 'ru')).toBe('0,0012746');
    expect(inputText('0.00127460', 'en')).toBe('0.0012746');
  });
});

describe('amount problems', () => {
  const range = { minSum: '3000.00', threshold: '5000.00', maxSum: '1500000.00' };

  it('puts the range under the give side, with the threshold as the floor', () => {
    expect(checkAmount('4999.99', 'sell', range, '3.25', texts)).toMatchObject({ kind: 'belowMin', side: 'give' });
    expect(checkAmount('5000', 'sell', range, '3.25', texts)).toBeNull();
    expect(checkAmount('1500000.01', 'sell', range, '3.25', texts)).toMatchObject({ kind: 'aboveMax', side: 'give' });
    expect(checkAmount('', 'sell', range, '3.25', texts)).toBeNull();
  });

  it('puts the reserve under the get side, with the reserve in the message', () => {
    expect(checkAmount('3.26', 'buy', range, '3.25', texts)).toEqual({
      kind: 'overLimit',
      side: 'get',
      messages: ['Превышен лимит', 'В резерве 3.25 BTC'],
    });
    expect(checkAmount('3.25', 'buy', range, '3.25', texts)).toBeNull();
  });

  it('places the server’s refusals by what they say', () => {
    expect(classifyRefusal(['Меньше минимальной суммы'], 'buy', texts)).toMatchObject({ side: 'give' });
    expect(classifyRefusal(['Превышен лимит', 'В резерве 1 BTC'], 'sell', texts)).toMatchObject({
      side: 'get',
      messages: ['Превышен лимит', 'В резерве 1 BTC'],
    });
    expect(classifyRefusal(['Неверное значение'], 'buy', texts)).toMatchObject({ kind: 'other', side: 'get' });
  });
});

describe('the rate', () => {
  it('reads one unit of the dearer currency', () => {
    const rub = currency('SBERRUB', 'RUB');
    const btc = currency('BTC');
    expect(rateLine({ rate: '0.000000127464251', inverseRate: '7845336.64489' }, rub, btc, 'ru')).toEqual({
      from: '1 BTC',
      to: '7\u00a0845\u00a0336,64 RUB',
    });
    expect(rateLine({ rate: '92749.123456789', inverseRate: '0.0000107' }, btc, currency('USDT'), 'en')).toEqual({
      from: '1 BTC',
      to: '92,749.12 USDT',
    });
    expect(rateLine({ rate: '0.996', inverseRate: '1.00401606425' }, currency('USDT'), currency('USDC'), 'en')).toEqual(
      { from: '1 USDC', to: '1.004016 USDT' },
    );
  });
});
