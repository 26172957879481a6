import { Decimal, toAmount } from '@obmen/shared';
import { scaleOf as scaleOfCurrency, type Catalog } from './exchange.catalog';

/** How the console shows a stored sum: at its currency's scale, with its valute. */
export function catalogAmounts(catalog: Catalog) {
  const scaleOf = (code: string) => scaleOfCurrency(catalog.get(), code);
  const valuteOf = (code: string) => catalog.get().currencies.get(code)?.row.valute ?? code;
  // Stored sums are at their currency's scale already; a figure that is not is cut, never inflated.
  const amountOf = (code: string, sum: string) => toAmount(new Decimal(sum), scaleOf(code), 'down');
  const sideOf = (code: string, sum: string) => ({ code, valute: valuteOf(code), sum: amountOf(code, sum) });
  return { valuteOf, amountOf, sideOf };
}
