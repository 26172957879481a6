import type { Db } from '../../db/database';
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
}: {
  db: Db;
  catalog: Catalog;
  signer: QuoteSigner;
  /** CHAIN_WATCH: watched currencies' payments are seen on their chains (issue 35). */
  chainWatch?: boolean;
}) {
  const pairs = createPairs(catalog);
  const { plainRate, ...quotes } = createQuotes({ db, catalog, signer, pairs });
  return {
    availablePair: pairs.availablePair,
    requirePair: pairs.requirePair,
    /**
     * Whether a direction's payment waits for a person: the honest `manual` of the export, the
     * ticket and the console. A direction is automatic only when it says so and its give currency
     * is watched on its chain (issue 35).
     */
    isManual: (direction: { manual: boolean }, give: { watchMode: string }): boolean =>
      direction.manual || !chainWatch || give.watchMode === 'off',
    ...quotes,
    ...createListings({ db, catalog, pairs, plainRate }),
  };
}

export type ExchangeService = ReturnType<typeof createExchangeService>;
