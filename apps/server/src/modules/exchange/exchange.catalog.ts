import { Decimal, type Currency, type CurrencySide, type Lang, type PriceSource } from '@obmen/shared';
import type { Database, Db } from '../../db/database';
import {
  listCurrencies,
  listDirections,
  listDiscountBands,
  listPrices,
  readReserve,
  readTicketShare,
  type CurrencyRow,
  type DirectionRow,
} from './exchange.repository';

export interface CatalogCurrency {
  row: CurrencyRow;
  usdPrice: Decimal | null;
  priceUpdatedAt: Date | null;
  priceMaxAgeSeconds: number | null;
  /** Where the price came from: `static` or `manual` (set by an operator), `median` of live sources, `par` (USDT). */
  priceSource: string | null;
  /** A live price's sources: it is their median, as of `priceUpdatedAt`. */
  priceSources: PriceSource[];
}

export interface CatalogDirection {
  row: DirectionRow;
  feePercent: Decimal;
  fixedExtraPercent: Decimal;
  minSum: Decimal;
  threshold: Decimal | null;
  maxSum: Decimal;
}

export interface CatalogSnapshot {
  currencies: Map<string, CatalogCurrency>;
  directions: Map<string, CatalogDirection>;
  /** Ascending by turnover. */
  discountBands: { minTurnoverUsd: Decimal; percent: Decimal }[];
  /** The part of a currency's free reserve one ticket may take (ticket_limits; 0.5 for half). */
  ticketShare: Decimal;
  /** The converter's lists, built once per change: the hottest read of the site. */
  lists: Record<CurrencySide, Record<Lang, Currency[]>>;
}

export const directionKey = (give: string, get: string) => `${give}>${get}`;

/**
 * A currency's scale: how many decimals its amounts keep. A code the catalog does not know is a
 * fault to report, not a currency of 8 decimals (issue 36).
 */
export function scaleOf(snapshot: Pick<CatalogSnapshot, 'currencies'>, code: string): number {
  const found = snapshot.currencies.get(code);
  if (!found) throw new Error(`the currency ${code} is not in the catalog: its scale is unknown`);
  return found.row.scale;
}

export function toCurrency(row: CurrencyRow, lang: Lang): Currency {
  return {
    name: lang === 'en' ? row.nameEn : row.nameRu,
    codeName: row.code,
    valute: row.valute,
    iconPath: row.iconPath,
    highlighted: row.highlighted,
    aliases: row.aliases,
    scale: row.scale,
    kind: row.kind,
  };
}

// Reserves move with every ticket; a short cache keeps quotes cheap, ticket creation re-checks in its transaction.
const RESERVE_TTL_MS = 2_000;

/**
 * The exchange set-up held in memory: currencies, prices, directions and discount bands are read
 * at start and again whenever an operator changes one (`refresh`), so quoting touches no table.
 */
export const CATALOG_CHANNEL = 'obmen_catalog';

export function createCatalog(db: Db, database?: Pick<Database, 'notify' | 'listen'>) {
  let snapshot: CatalogSnapshot | null = null;
  const reserveCache = new Map<string, { value: Promise<Decimal>; at: number }>();
  let version = 0;
  // Loads are numbered as they start; one that finishes after a later one is dropped, so a reload
  // that read the tables before an operator's change can never overwrite the one that read after it
  // (this process's own NOTIFY comes back to it while the next change is being loaded).
  let loadsStarted = 0;
  let loadApplied = 0;

  /** A new snapshot: the reserves it knew are read again, and answers made from the old one are stale. */
  function replace(fresh: CatalogSnapshot): void {
    snapshot = fresh;
    reserveCache.clear();
    version += 1;
  }

  async function load(): Promise<CatalogSnapshot> {
    const [currencyRows, priceRows, directionRows, bandRows, sharePercent] = await Promise.all([
      listCurrencies(db),
      listPrices(db),
      listDirections(db),
      listDiscountBands(db),
      readTicketShare(db),
    ]);
    const priceByCode = new Map(priceRows.map((p) => [p.currencyCode, p]));
    const currencies = new Map(
      currencyRows.map((row) => {
        const price = priceByCode.get(row.code);
        return [
          row.code,
          {
            row,
            usdPrice: price ? new Decimal(price.usdPrice) : null,
            priceUpdatedAt: price?.updatedAt ?? null,
            priceMaxAgeSeconds: price?.maxAgeSeconds ?? null,
            priceSource: price?.source ?? null,
            priceSources: price?.sources ?? [],
          },
        ];
      }),
    );
    const directions = new Map(
      directionRows.map((row) => [
        directionKey(row.giveCode, row.getCode),
        {
          row,
          feePercent: new Decimal(row.feePercent),
          fixedExtraPercent: new Decimal(row.fixedExtraPercent),
          minSum: new Decimal(row.minSum),
          threshold: row.threshold === null ? null : new Decimal(row.threshold),
          maxSum: new Decimal(row.maxSum),
        },
      ]),
    );
    const list = (side: CurrencySide, lang: Lang) =>
      currencyRows
        .filter((row) => (side === 'give' ? row.giveEnabled : row.getEnabled))
        .map((row) => toCurrency(row, lang));
    return {
      currencies,
      directions,
      discountBands: bandRows.map((b) => ({
        minTurnoverUsd: new Decimal(b.minTurnoverUsd),
        percent: new Decimal(b.percent),
      })),
      ticketShare: new Decimal(sharePercent).div(100),
      lists: {
        give: { ru: list('give', 'ru'), en: list('give', 'en') },
        get: { ru: list('get', 'ru'), en: list('get', 'en') },
      },
    };
  }

  async function reload(): Promise<void> {
    const ticket = ++loadsStarted;
    const fresh = await load();
    if (ticket < loadApplied) return;
    loadApplied = ticket;
    replace(fresh);
  }

  return {
    refresh: reload,

    /**
     * After an operator's change: reload here and tell the other processes to reload too
     * (design §1: several stateless processes behind a load balancer behave as one).
     */
    async changed(): Promise<void> {
      await reload();
      await database?.notify(CATALOG_CHANNEL);
    },

    /** Reloads whenever another process reports a change. */
    async follow(): Promise<() => Promise<void>> {
      if (!database) return async () => {};
      return database.listen(CATALOG_CHANNEL, () => {
        reload().catch(() => {});
      });
    },

    get(): CatalogSnapshot {
      if (!snapshot) throw new Error('The exchange catalog is used before it was loaded');
      return snapshot;
    },

    async reserve(code: string): Promise<Decimal> {
      const cached = reserveCache.get(code);
      if (cached && Date.now() - cached.at < RESERVE_TTL_MS) return cached.value;
      // The read itself is cached: when an entry lapses under load, the requests waiting on it
      // share one query instead of each sending its own (issue 11: calculate at 1 000 in flight).
      const entry = { value: readReserve(db, code).then((value) => new Decimal(value ?? '0')), at: Date.now() };
      reserveCache.set(code, entry);
      entry.value.catch(() => {
        if (reserveCache.get(code) === entry) reserveCache.delete(code);
      });
      return entry.value;
    },

    /** After a ticket or an operator moved a reserve. */
    forgetReserve(code: string): void {
      reserveCache.delete(code);
      version += 1;
    },

    /** Moves on whenever the snapshot is replaced or a reserve is forgotten: what answers made from them are keyed on. */
    version: () => version,
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
