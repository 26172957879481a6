import type { MessageKey } from '@obmen/shared';
import { AppError, ParameterError } from '../../http/errors';
import { directionKey, type Catalog, type CatalogCurrency, type CatalogDirection } from './exchange.catalog';
import { withinWorkingHours } from './working-hours';

export interface Pair {
  give: CatalogCurrency;
  get: CatalogCurrency;
  direction: CatalogDirection;
}

export class DirectionUnavailableError extends AppError {
  constructor() {
    super(409, 'direction_unavailable', 'exchange.directionUnavailable');
  }
}

// A chain whose deposits cannot be read closes the currency's directions as a stale price does (issue 35).
const isFresh = (currency: CatalogCurrency, now: number) =>
  currency.usdPrice !== null &&
  (currency.row.watchMode === 'off' || currency.row.watchError === null) &&
  (currency.priceMaxAgeSeconds === null ||
    (currency.priceUpdatedAt !== null &&
      now - currency.priceUpdatedAt.getTime() <= currency.priceMaxAgeSeconds * 1000));

/** Currencies and pairs looked up in the catalog, and whether a pair can be exchanged now. */
export function createPairs(catalog: Catalog) {
  /** A currency by code; an unknown code is bad input, named by the parameter that carried it. */
  function currency(code: string, field: string): CatalogCurrency {
    const found = catalog.get().currencies.get(code);
    if (!found) throw ParameterError.of({ [field]: 'exchange.unknownCurrency' });
    return found;
  }

  /** Both currencies of a pair exist; each unknown one is reported under its own parameter. */
  function requireKnown(giveCode: string, getCode: string): void {
    const { currencies } = catalog.get();
    const unknown: Record<string, MessageKey> = {};
    if (!currencies.has(giveCode)) unknown.giveName = 'exchange.unknownCurrency';
    if (!currencies.has(getCode)) unknown.getName = 'exchange.unknownCurrency';
    if (Object.keys(unknown).length > 0) throw ParameterError.of(unknown);
  }

  /** The pair as the catalog has it, open or closed: a closed pair's limits can still be told (issue 47). */
  function catalogPair(giveCode: string, getCode: string): Pair | null {
    const snapshot = catalog.get();
    const give = snapshot.currencies.get(giveCode);
    const get = snapshot.currencies.get(getCode);
    const direction = snapshot.directions.get(directionKey(giveCode, getCode));
    return give && get && direction ? { give, get, direction } : null;
  }

  /** The pair when it can be exchanged now: enabled both ways round, priced with fresh prices, within its hours. */
  function availablePair(giveCode: string, getCode: string): Pair | null {
    const pair = catalogPair(giveCode, getCode);
    if (!pair) return null;
    const { give, get, direction } = pair;
    const now = Date.now();
    const open =
      direction.row.enabled &&
      give.row.giveEnabled &&
      get.row.getEnabled &&
      // A provider short of a payout closes the directions paying out its currency (issue 44).
      get.row.payoutBlocked === null &&
      isFresh(give, now) &&
      isFresh(get, now) &&
      withinWorkingHours(direction.row, now);
    return open ? pair : null;
  }

  function requirePair(giveCode: string, getCode: string): Pair {
    requireKnown(giveCode, getCode);
    const pair = availablePair(giveCode, getCode);
    if (!pair) throw new DirectionUnavailableError();
    return pair;
  }

  return { currency, requireKnown, catalogPair, availablePair, requirePair };
}

export type Pairs = ReturnType<typeof createPairs>;
