import { Decimal } from '@obmen/shared';
import type { Db } from '../../db/database';
import { paysOutAutomatically } from '../ticket-payouts/payout-intents';
import type { Catalog } from './exchange.catalog';
import { createListings } from './exchange-listings.service';
import { createPairs } from './exchange-pairs';
import { createQuotes } from './exchange-quotes.service';
import type { QuoteSigner } from './quote-token';

/** The exchange as the routes and the other modules see it: pairs, quotes and listings in one object. */
export function createExchangeService({
  db,
  catalog,
  signer,
  chainWatch = false,
  payouts = false,
}: {
  db: Db;
  catalog: Catalog;
  signer: QuoteSigner;
  /** CHAIN_WATCH: watched currencies' payments are seen on their chains (issue 35). */
  chainWatch?: boolean;
  /** PAYOUTS: currencies with a provider are paid out automatically within their limits (issue 44). */
  payouts?: boolean;
}) {
  const pairs = createPairs(catalog);
  const { plainRate, ...quotes } = createQuotes({ db, catalog, signer, pairs });
  /**
   * Whether a ticket of this direction waits for a person: the honest `manual` of the export (BestChange:
   * "manual or semiautomatic"), the ticket and the console. Automatic only when the direction says so,
   * its payment is seen on its chain (issue 35) AND its payout of `getAmount` goes out by a provider
   * within the limits (issue 44). The export asks with the largest amount a ticket may get.
   */
  const isManual = (
    direction: { manual: boolean },
    give: { watchMode: string },
    get: Parameters<typeof paysOutAutomatically>[1],
    getAmount: Decimal,
  ): boolean =>
    direction.manual || !chainWatch || give.watchMode === 'off' || !paysOutAutomatically(payouts, get, getAmount);
  return {
    availablePair: pairs.availablePair,
    requirePair: pairs.requirePair,
    whyClosed: pairs.whyClosed,
    isManual,
    /**
     * The same rule for a whole direction, at the largest get amount one of its tickets may have:
     * what the export says and the console shows. A direction without a price now pays nothing out.
     */
    directionIsManual(giveCode: string, getCode: string): boolean {
      const { currencies, directions } = catalog.get();
      const give = currencies.get(giveCode);
      const get = currencies.get(getCode);
      const direction = directions.get(`${giveCode}>${getCode}`);
      if (!give || !get || !direction) return true;
      const priced = give.usdPrice !== null && get.usdPrice !== null;
      const rate = priced ? plainRate({ give, get, direction }, false) : new Decimal(0);
      return isManual(direction.row, give.row, get.row, direction.maxSum.times(rate));
    },
    ...quotes,
    ...createListings({ db, catalog, pairs, plainRate }),
  };
}

export type ExchangeService = ReturnType<typeof createExchangeService>;
