import {
  type AdminCurrency,
  type adminCurrencyCreate,
  type adminCurrencyPatch,
  type AdminDirection,
  type adminDirectionCreate,
  type adminDirectionPatch,
  type AdminPrice,
  type AdminPriceSource,
  type adminPriceUpdate,
  directionRangeProblem,
  workingHoursProblem,
} from '@obmen/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { RequisiteFieldRecord } from '../../db/schema';
import { AppError, ConflictError, NotFoundError, ParameterError } from '../../http/errors';
import { type Actor, createAudited, iso, isoNow, plain } from '../admin/console';
import { deriveAddress } from '../chain/addresses';
import { addressRun, DEFAULT_GAP_LIMIT } from '../chain/address-pool';
import { listPriceSources, MANUAL_SOURCE, type PriceSourceRow } from '../rates/rates.repository';
import { catalogAmounts } from './catalog-amounts';
import type { Catalog } from './exchange.catalog';
import type { ExchangeService } from './exchange.service';
import {
  findCurrency,
  findDirection,
  findPrice,
  insertCurrency,
  insertDirection,
  listAllBands,
  listAllCurrencies,
  listAllDirections,
  listAllPrices,
  listAllReserves,
  replaceBands,
  reserveHeld,
  setReserveBalance,
  updateCurrency,
  updateDirection,
  updatePrice,
  type CurrencyRow,
  type DirectionRow,
  type PriceRow,
} from './exchange-setup.repository';

export interface ExchangeSetupOptions {
  db: Db;
  catalog: Catalog;
  exchange: ExchangeService;
  rateSource: 'static' | 'live';
  /** RATE_SPREAD_PERCENT: how far from the median a live source may be and still count. */
  spreadPercent?: string;
  /** CHAIN_GAP_LIMIT: how far ahead the operator's wallets look for payments to their addresses. */
  gapLimit?: number;
}

// Fields stored before English examples existed have none: the console shows an empty one.
const withEnglishExample = (field: RequisiteFieldRecord) => ({ ...field, placeholderEn: field.placeholderEn ?? '' });

const toCurrencyDto = (row: CurrencyRow): AdminCurrency => ({
  code: row.code,
  nameRu: row.nameRu,
  nameEn: row.nameEn,
  valute: row.valute,
  kind: row.kind,
  iconPath: row.iconPath,
  scale: row.scale,
  aliases: row.aliases,
  highlighted: row.highlighted,
  giveEnabled: row.giveEnabled,
  getEnabled: row.getEnabled,
  sortOrder: row.sortOrder,
  referralPayout: row.referralPayout,
  explorerTxUrl: row.explorerTxUrl,
  txHashFormat: row.txHashFormat,
  messageGiveRu: row.messageGiveRu,
  messageGiveEn: row.messageGiveEn,
  messageGetRu: row.messageGetRu,
  messageGetEn: row.messageGetEn,
  giveFields: row.giveFields.map(withEnglishExample),
  getFields: row.getFields.map(withEnglishExample),
  payTo: row.payTo,
  watchMode: row.watchMode,
  watchChain: row.watchChain,
  watchXpub: row.watchXpub,
  watchAddress: row.watchAddress,
  watchToken: row.watchToken,
  watchDecimals: row.watchDecimals,
  watchApiUrl: row.watchApiUrl,
  watchConfirmations: row.watchConfirmations,
  watchError: row.watchError,
  refundFee: row.refundFee === null ? null : plain(row.refundFee),
  updatedAt: isoNow(row.updatedAt),
});

type WatchSettings = Pick<CurrencyRow, 'watchMode' | 'watchChain' | 'watchXpub' | 'watchAddress' | 'watchApiUrl'>;

/** A watched currency's settings must work together: the server can derive from the key, read the API. */
function checkWatchSettings(settings: WatchSettings): void {
  if (settings.watchMode === 'off') return;
  const { watchChain: chain } = settings;
  const key = settings.watchMode === 'xpub' ? 'watchXpub' : 'watchAddress';
  if (!chain || !settings.watchApiUrl || !settings[key]) throw ParameterError.of({ [key]: 'admin.watchIncomplete' });
  if (settings.watchMode === 'xpub') {
    try {
      deriveAddress(chain, settings.watchXpub, 0);
    } catch {
      throw ParameterError.of({ watchXpub: 'admin.badXpub' });
    }
  }
}

const WATCH_FIELDS = [
  'watchMode',
  'watchChain',
  'watchXpub',
  'watchAddress',
  'watchToken',
  'watchDecimals',
  'watchApiUrl',
  'watchConfirmations',
] as const;

/**
 * The console's set-up of the exchange (design §6): currencies, directions, prices, reserves and
 * discount bands. Each change is audited, and the catalog reloads after it.
 */
export function createExchangeSetupService({
  db,
  catalog,
  exchange,
  rateSource,
  spreadPercent = '2',
  gapLimit = DEFAULT_GAP_LIMIT,
}: ExchangeSetupOptions) {
  const audited = createAudited(db);
  const { valuteOf, amountOf } = catalogAmounts(catalog);

  const toDirectionDto = (row: DirectionRow): AdminDirection => ({
    giveCode: row.giveCode,
    getCode: row.getCode,
    enabled: row.enabled,
    feePercent: plain(row.feePercent),
    fixedExtraPercent: plain(row.fixedExtraPercent),
    minSum: amountOf(row.giveCode, row.minSum),
    threshold: row.threshold === null ? null : amountOf(row.giveCode, row.threshold),
    maxSum: amountOf(row.giveCode, row.maxSum),
    manual: row.manual,
    cardVerify: row.cardVerify,
    paymentWindowMinutes: row.paymentWindowMinutes,
    cardCheckWindowMinutes: row.cardCheckWindowMinutes,
    cardReviewWindowMinutes: row.cardReviewWindowMinutes,
    quoteLifetimeSeconds: row.quoteLifetimeSeconds,
    opensAt: row.opensAt,
    closesAt: row.closesAt,
    available: exchange.directionStatus(row.giveCode, row.getCode),
    detection: exchange.directionIsManual(row.giveCode, row.getCode) ? 'manual' : 'automatic',
    updatedAt: isoNow(row.updatedAt),
  });

  // What the audit keeps of a direction and a price: what was set, not what is derived from it.
  const directionState = (row: DirectionRow) => {
    const { available: _a, detection: _d, updatedAt: _u, ...state } = toDirectionDto(row);
    return state;
  };
  const priceState = (row: PriceRow) => ({
    usdPrice: plain(row.usdPrice),
    source: row.source,
    maxAgeSeconds: row.maxAgeSeconds,
  });

  const toPriceDto = (row: PriceRow): AdminPrice => {
    const ageSeconds = Math.max(0, Math.floor((Date.now() - row.updatedAt.getTime()) / 1000));
    return {
      currencyCode: row.currencyCode,
      usdPrice: plain(row.usdPrice),
      source: row.source,
      maxAgeSeconds: row.maxAgeSeconds,
      lastError: row.lastError,
      checkedAt: iso(row.checkedAt),
      updatedAt: isoNow(row.updatedAt),
      ageSeconds,
      stale: row.maxAgeSeconds !== null && ageSeconds > row.maxAgeSeconds,
      sources: row.sources,
    };
  };

  const toPriceSourceDto = (row: PriceSourceRow): AdminPriceSource => ({
    valute: row.valute,
    source: row.source,
    usdPrice: row.usdPrice === null ? null : plain(row.usdPrice),
    priceAt: iso(row.priceAt),
    ageSeconds: row.priceAt ? Math.max(0, Math.floor((Date.now() - row.priceAt.getTime()) / 1000)) : null,
    checkedAt: isoNow(row.checkedAt),
    lastError: row.lastError,
    verdict: row.verdict,
    deviationPercent: row.deviationPercent === null ? null : plain(row.deviationPercent),
  });

  async function requireCurrency(code: string): Promise<CurrencyRow> {
    const row = await findCurrency(db, code);
    if (!row) throw new NotFoundError('exchange.unknownCurrency');
    return row;
  }

  const service = {
    // ——— Currencies ———

    async currencies(): Promise<AdminCurrency[]> {
      const rows = await listAllCurrencies(db);
      // The console says how far the wallet must look ahead, and warns when tickets went past it.
      return Promise.all(
        rows.map(async (row) => {
          if (row.watchMode !== 'xpub' || !row.watchChain || !row.watchXpub) return toCurrencyDto(row);
          const { run, lastUsed } = await addressRun(db, row.watchChain, row.watchXpub);
          return { ...toCurrencyDto(row), watchAddresses: { run, lastUsed, gapLimit } };
        }),
      );
    },

    async createCurrency(actor: Actor, body: z.output<typeof adminCurrencyCreate>): Promise<AdminCurrency> {
      const { usdPrice, ...fields } = body;
      if (await findCurrency(db, fields.code)) throw ParameterError.of({ code: 'admin.codeTaken' });
      checkWatchSettings(fields);
      const row = await audited(
        actor,
        { action: 'create', resource: 'currencies', resourceId: fields.code, before: null },
        async (tx) => {
          const inserted = await insertCurrency(tx, fields, usdPrice);
          if (!inserted) throw ParameterError.of({ code: 'admin.codeTaken' });
          return inserted;
        },
        (inserted) => ({ ...toCurrencyDto(inserted), usdPrice }),
      );
      await catalog.changed();
      return toCurrencyDto(row);
    },

    async updateCurrency(actor: Actor, code: string, patch: z.output<typeof adminCurrencyPatch>) {
      const before = await requireCurrency(code);
      checkWatchSettings({ ...before, ...patch });
      // New watch settings are tried afresh: the last error was about the old ones.
      const watchChanged = WATCH_FIELDS.some((field) => patch[field] !== undefined && patch[field] !== before[field]);
      const row = await audited(
        actor,
        { action: 'update', resource: 'currencies', resourceId: code, before: toCurrencyDto(before) },
        (tx) => updateCurrency(tx, code, watchChanged ? { ...patch, watchError: null } : patch),
        toCurrencyDto,
      );
      await catalog.changed();
      return toCurrencyDto(row);
    },

    // ——— Directions ———

    async directions(): Promise<AdminDirection[]> {
      return (await listAllDirections(db)).map(toDirectionDto);
    },

    async createDirection(actor: Actor, body: z.output<typeof adminDirectionCreate>): Promise<AdminDirection> {
      const missing: Record<string, 'exchange.unknownCurrency'> = {};
      if (!(await findCurrency(db, body.giveCode))) missing.giveCode = 'exchange.unknownCurrency';
      if (!(await findCurrency(db, body.getCode))) missing.getCode = 'exchange.unknownCurrency';
      if (Object.keys(missing).length) throw ParameterError.of(missing);
      const row = await audited(
        actor,
        { action: 'create', resource: 'directions', resourceId: `${body.giveCode}>${body.getCode}`, before: null },
        async (tx) => {
          const inserted = await insertDirection(tx, body);
          if (!inserted) throw ParameterError.of({ getCode: 'admin.directionExists' });
          return inserted;
        },
        directionState,
      );
      await catalog.changed();
      return toDirectionDto(row);
    },

    async updateDirection(actor: Actor, give: string, get: string, patch: z.output<typeof adminDirectionPatch>) {
      const before = await findDirection(db, give, get);
      if (!before) throw new NotFoundError();
      const problem = directionRangeProblem({
        minSum: patch.minSum ?? before.minSum,
        threshold: patch.threshold !== undefined ? patch.threshold : before.threshold,
        maxSum: patch.maxSum ?? before.maxSum,
      });
      if (problem) throw ParameterError.of({ [problem.field]: problem.key });
      const hours = workingHoursProblem({
        opensAt: patch.opensAt !== undefined ? patch.opensAt : before.opensAt,
        closesAt: patch.closesAt !== undefined ? patch.closesAt : before.closesAt,
      });
      if (hours) throw ParameterError.of({ [hours]: 'admin.hoursIncomplete' });
      const row = await audited(
        actor,
        { action: 'update', resource: 'directions', resourceId: `${give}>${get}`, before: directionState(before) },
        (tx) => updateDirection(tx, give, get, patch),
        directionState,
      );
      await catalog.changed();
      return toDirectionDto(row);
    },

    // ——— Prices and reserves ———

    async prices() {
      const [items, sources] = await Promise.all([listAllPrices(db), listPriceSources(db)]);
      return { rateSource, spreadPercent, items: items.map(toPriceDto), sources: sources.map(toPriceSourceDto) };
    },

    /** An operator's price: it holds (the live sources leave it alone) until released. */
    async setPrice(actor: Actor, code: string, body: z.output<typeof adminPriceUpdate>): Promise<AdminPrice> {
      const before = await findPrice(db, code);
      if (!before) throw new NotFoundError('exchange.unknownCurrency');
      const row = await audited(
        actor,
        { action: 'update', resource: 'prices', resourceId: code, before: priceState(before) },
        (tx) =>
          updatePrice(tx, code, {
            usdPrice: body.usdPrice,
            source: MANUAL_SOURCE,
            sources: [],
            lastError: null,
            ...(body.maxAgeSeconds !== undefined && { maxAgeSeconds: body.maxAgeSeconds }),
          }),
        priceState,
      );
      await catalog.changed();
      return toPriceDto(row);
    },

    /** Hands a price back to the live sources; its next refresh sets it. */
    async releasePrice(actor: Actor, code: string): Promise<AdminPrice> {
      if (rateSource !== 'live') throw new ConflictError('not_live', 'admin.notLive');
      const before = await findPrice(db, code);
      if (!before) throw new NotFoundError('exchange.unknownCurrency');
      const row = await audited(
        actor,
        { action: 'release', resource: 'prices', resourceId: code, before: priceState(before) },
        (tx) => updatePrice(tx, code, { source: 'live' }),
        priceState,
      );
      await catalog.changed();
      return toPriceDto(row);
    },

    async reserves() {
      return (await listAllReserves(db)).map((r) => ({
        currencyCode: r.currencyCode,
        valute: valuteOf(r.currencyCode),
        balance: amountOf(r.currencyCode, r.balance),
        held: amountOf(r.currencyCode, r.held),
        available: amountOf(r.currencyCode, r.available),
        updatedAt: isoNow(r.updatedAt),
      }));
    },

    async setReserve(actor: Actor, code: string, balance: string) {
      const before = (await listAllReserves(db)).find((r) => r.currencyCode === code);
      if (!before) throw new NotFoundError('exchange.unknownCurrency');
      await audited(
        actor,
        { action: 'update', resource: 'reserves', resourceId: code, before: { balance: plain(before.balance) } },
        async (tx) => {
          const row = await setReserveBalance(tx, code, balance);
          if (row) return row;
          const held = `${amountOf(code, await reserveHeld(tx, code))} ${valuteOf(code)}`;
          throw new AppError(409, 'below_held', 'exchange.balanceBelowHeld', { held });
        },
        (row) => ({ balance: plain(row.balance) }),
      );
      catalog.forgetReserve(code);
      return (await service.reserves()).find((r) => r.currencyCode === code)!;
    },

    async bands() {
      return (await listAllBands(db)).map((b) => ({
        minTurnoverUsd: plain(b.minTurnoverUsd),
        percent: plain(b.percent),
      }));
    },

    async replaceBands(actor: Actor, bands: { minTurnoverUsd: string; percent: string }[]) {
      await audited(
        actor,
        { action: 'replace', resource: 'discount-bands', resourceId: '*', before: await service.bands() },
        (tx) => replaceBands(tx, bands),
        (rows) => rows.map((b) => ({ minTurnoverUsd: plain(b.minTurnoverUsd), percent: plain(b.percent) })),
      );
      await catalog.changed();
      return service.bands();
    },
  };
  return service;
}

export type ExchangeSetupService = ReturnType<typeof createExchangeSetupService>;
