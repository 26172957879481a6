import { describe, expect, it } from 'vitest';
import { currencyIconSrc } from './currency-icon';

describe('currencyIconSrc', () => {
  it('draws a shipped icon from the sprite', () => {
    expect(currencyIconSrc('/icons/currencies/btc.svg')).toBe('/icons/currencies/sprite.svg#btc');
    expect(currencyIconSrc('/icons/currencies/usdttrc20.svg')).toBe('/icons/currencies/sprite.svg#usdttrc20');
  });

  it('leaves any other path an operator set as it is', () => {
    expect(currencyIconSrc('/uploads/coin.png')).toBe('/uploads/coin.png');
    expect(currencyIconSrc('https://cdn.example/icons/currencies/btc.svg')).toBe(
      'https://cdn.example/icons/currencies/btc.svg',
    );
    expect(currencyIconSrc('/icons/currencies/')).toBe('/icons/currencies/');
  });
});
