import {
  type Currency,
  type CurrencySide,
  type Decimal,
  type DirectionPair,
  type Lang,
  type Overview,
  type Range,
  type Reserve,
  rateText,
  type RequisiteField,
  type SeoRecord,
  toAmount,
  toRate,
} from '@obmen/shared';
import type { Db } from '../../db/database';
import type { RequisiteFieldRecord } from '../../db/schema';
import { NotFoundError } from '../../http/errors';
import { directionKey, toCurrency, type Catalog, type CatalogCurrency } from './exchange.catalog';
import type { Pair, Pairs } from './exchange-pairs';
import { findSeoPair, popularPairs, seoPairKeys } from './exchange.repository';

const toField = (field: RequisiteFieldRecord, lang: Lang): RequisiteField => ({
  name: field.name,
  kind: field.kind,
  label: lang === 'en' ? field.labelEn : field.labelRu,
  hint: lang === 'en' ? field.hintEn : field.hintRu,
  placeholder: (lang === 'en' && field.placeholderEn) || field.placeholder,
  pattern: field.pattern,
  ...(field.format && { format: field.format }),
  required: field.required,
});

/** How many pairs the home page lists as the most exchanged. */
const POPULAR_PAIRS = 6;

/**
 * What the site lists: currencies, a pair's range, fields and texts, every direction with its hours,
 * the home page's reserves and popular pairs.
 */
export function createListings({
  db,
  catalog,
  pairs,
  plainRate,
}: {
  db: Db;
  catalog: Catalog;
  pairs: Pairs;
  /** The pair's rate for anyone, before any discount or promo. */
  plainRate: (pair: Pair, fixed: boolean) => Decimal;
}) {
  const { currency, requireKnown, availablePair, requirePair } = pairs;
  // Rebuilt when the catalog changes, and each minute for an operator's new pair texts.
  let directionsCache: { version: number; at: number; pairs: Promise<DirectionPair[]> } | null = null;
  // The busiest pairs move slowly: asked of the database once a minute at most.
  let popularCache: { at: number; pairs: Promise<{ giveCode: string; getCode: string }[]> } | null = null;

  return {
    /** A side's currency list, built once per catalog change. */
    currencies(side: CurrencySide, lang: Lang): Currency[] {
      return catalog.get().lists[side][lang];
    },

    currency(code: string, lang: Lang): Currency {
      return toCurrency(currency(code, 'x').row, lang);
    },

    /** The pair's range; whether the pair is open is checked on every call (a price goes stale with time alone). */
    range(giveCode: string, getCode: string): Range {
      const { give, direction } = requirePair(giveCode, getCode);
      const scale = give.row.scale;
      return {
        minSum: toAmount(direction.minSum, scale, 'up'),
        ...(direction.threshold && { threshold: toAmount(direction.threshold, scale, 'up') }),
        maxSum: toAmount(direction.maxSum, scale, 'down'),
      };
    },

    async reserve(code: string): Promise<Reserve> {
      const { row } = currency(code, 'x');
      return { reserveAmount: toAmount(await catalog.reserve(code), row.scale, 'down') };
    },

    /** Every pair with a direction, open now or not, whether it has texts, and its hours. */
    directions(): Promise<DirectionPair[]> {
      const now = Date.now();
      if (!directionsCache || directionsCache.version !== catalog.version() || now - directionsCache.at > 60_000) {
        const { directions } = catalog.get();
        const pairs = seoPairKeys(db).then((withTexts) =>
          [...directions.values()].map(({ row }) => ({
            giveName: row.giveCode,
            getName: row.getCode,
            seo: withTexts.has(directionKey(row.giveCode, row.getCode)),
            hours: row.opensAt && row.closesAt ? { opensAt: row.opensAt, closesAt: row.closesAt } : null,
          })),
        );
        const entry = { version: catalog.version(), at: now, pairs };
        directionsCache = entry;
        pairs.catch(() => {
          if (directionsCache === entry) directionsCache = null;
        });
      }
      return directionsCache.pairs;
    },

    /** The home page's reserves and most exchanged open pairs, with their rate now. */
    async overview(lang: Lang): Promise<Overview> {
      const { currencies } = catalog.get();
      const side = (entry: CatalogCurrency) => ({
        codeName: entry.row.code,
        name: lang === 'en' ? entry.row.nameEn : entry.row.nameRu,
        valute: entry.row.valute,
        iconPath: entry.row.iconPath,
        scale: entry.row.scale,
      });
      const receivable = [...currencies.values()].filter((entry) => entry.row.getEnabled);
      const now = Date.now();
      if (!popularCache || now - popularCache.at > 60_000) {
        const pairs = popularPairs(db, POPULAR_PAIRS * 3);
        popularCache = { at: now, pairs };
        pairs.catch(() => (popularCache = null));
      }
      const [amounts, candidates] = await Promise.all([
        Promise.all(receivable.map((entry) => catalog.reserve(entry.row.code))),
        popularCache.pairs,
      ]);
      const popular = candidates
        .map(({ giveCode, getCode }) => availablePair(giveCode, getCode))
        .filter((pair): pair is Pair => pair !== null)
        .map((pair) => ({ pair, rate: plainRate(pair, false) }))
        .filter(({ rate }) => rate.gt(0))
        .slice(0, POPULAR_PAIRS)
        .map(({ pair, rate }) => {
          const [give, get] = [side(pair.give), side(pair.get)];
          return { give, get, rate: toRate(rate), rateText: rateText(toRate(rate), give, get, lang) };
        });
      return {
        reserves: receivable.map((entry, i) => ({
          ...side(entry),
          reserveAmount: toAmount(amounts[i]!, entry.row.scale, 'down'),
        })),
        popular,
      };
    },

    directionStatus(giveCode: string, getCode: string): boolean {
      requireKnown(giveCode, getCode);
      return availablePair(giveCode, getCode) !== null;
    },

    currencyMessage(code: string, side: CurrencySide, lang: Lang): string {
      const { row } = currency(code, 'currencyName');
      if (side === 'give') return lang === 'en' ? row.messageGiveEn : row.messageGiveRu;
      return lang === 'en' ? row.messageGetEn : row.messageGetRu;
    },

    fields(giveCode: string, getCode: string, lang: Lang): { give: RequisiteField[]; get: RequisiteField[] } {
      return {
        give: currency(giveCode, 'x').row.giveFields.map((f) => toField(f, lang)),
        get: currency(getCode, 'y').row.getFields.map((f) => toField(f, lang)),
      };
    },

    async seo(giveCode: string, getCode: string, lang: Lang): Promise<SeoRecord> {
      const row = await findSeoPair(db, giveCode, getCode);
      if (!row) throw new NotFoundError();
      const en = lang === 'en';
      return {
        metaTitle: en ? row.metaTitleEn : row.metaTitleRu,
        metaDescription: en ? row.metaDescriptionEn : row.metaDescriptionRu,
        keywords: en ? row.keywordsEn : row.keywordsRu,
        siteHeader: en ? row.siteHeaderEn : row.siteHeaderRu,
        textTitle: en ? row.textTitleEn : row.textTitleRu,
        textBody: en ? row.textBodyEn : row.textBodyRu,
      };
    },
  };
}
