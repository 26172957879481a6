import type { Lang } from '../i18n/languages';
import { formatAmount } from './amount-text';
import { Decimal } from './decimal';

interface RateSide {
  valute: string;
  /** Decimals of the currency: a price in roubles is shown to the kopeck, not beyond. */
  scale: number;
}

/**
 * A rate the way exchangers print it: one unit of the dearer currency in the cheaper one
 * ("1 BTC = 7 612 540.12 RUB" rather than "1 RUB = 0.000000131 BTC"). The ticket page, the
 * client's mails and the console all print a rate with it, so they agree to the kopeck.
 */
export function rateText(rate: string, give: RateSide, get: RateSide, lang: Lang): string {
  const value = new Decimal(rate);
  if (value.isZero()) return '—';
  const shown = (amount: Decimal, scale: number) =>
    formatAmount(
      amount.toSignificantDigits(12, Decimal.ROUND_DOWN).toDecimalPlaces(scale, Decimal.ROUND_DOWN).toFixed(),
      lang,
    );
  if (value.gte(1)) return `1 ${give.valute} = ${shown(value, get.scale)} ${get.valute}`;
  return `1 ${get.valute} = ${shown(new Decimal(1).div(value), give.scale)} ${give.valute}`;
}
