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

/** Why a direction is closed now, each reason once; none: it is open (the status page says which, issue 48). */
export type ClosedBecause = 'off' | 'stale_price' | 'source_down' | 'reserve' | 'hours';

const priceIsFresh = (currency: CatalogCurrency, now: number) =>
  currency.usdPrice !== null &&
  (currency.priceMaxAgeSeconds === null ||
    (currency.priceUpdatedAt !== null &&
      now - currency.priceUpdatedAt.getTime() <= currency.priceMaxAgeSeconds * 1000));

// A chain whose deposits cannot be read closes the currency's directions as a stale price does (issue 35).
const sourceIsDown = (currency: CatalogCurrency) =>
  currency.row.watchMode !== 'off' && currency.row.watchError !== null;

/** The one rule of whether a pair can be exchanged now, as the list of what stands in the way. */
function closedBecause({ give, get, direction }: Pair, now: number): ClosedBecause[] {
  const reasons = new Set<ClosedBecause>();
  if (!direction.row.enabled || !give.row.giveEnabled || !get.row.getEnabled) reasons.add('off');
  if (!priceIsFresh(give, now) || !priceIsFresh(get, now)) reasons.add('stale_price');
  if (sourceIsDown(give) || sourceIsDown(get)) reasons.add('source_down');
  // A provider short of a payout closes the directions paying out its currency (issue 44).
  if (get.row.payoutBlocked !== null) reasons.add('reserve');
  if (!withinWorkingHours(direction.row, now)) reasons.add('hours');
  return [...reasons];
}

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
    return pair && closedBecause(pair, Date.now()).length === 0 ? pair : null;
  }

  /** Why a pair of the catalog is closed now (empty: open); null for a pair the catalog does not have. */
  function whyClosed(giveCode: string, getCode: string, now = Date.now()): ClosedBecause[] | null {
    const pair = catalogPair(giveCode, getCode);
    return pair ? closedBecause(pair, now) : null;
  }

  function requirePair(giveCode: string, getCode: string): Pair {
    requireKnown(giveCode, getCode);
    const pair = availablePair(giveCode, getCode);
    if (!pair) throw new DirectionUnavailableError();
    return pair;
  }

  return { currency, requireKnown, catalogPair, availablePair, whyClosed, requirePair };
}

export type Pairs = ReturnType<typeof createPairs>;
