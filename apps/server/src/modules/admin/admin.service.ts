import { scaleOf as scaleOfCurrency } from '../exchange/exchange.catalog';
import {
  ADMIN_TICKET_ACTIONS,
  type AdminAuditEntry,
  type AdminAwaitingPayment,
  type AdminCurrency,
  type adminCurrencyCreate,
  type adminCurrencyPatch,
  type AdminDirection,
  type adminDirectionCreate,
  type adminDirectionPatch,
  type AdminNews,
  type adminNewsBody,
  type AdminOutboxMail,
  type AdminPage,
  type adminPageBody,
  type AdminPayout,
  type AdminPrice,
  type adminPriceUpdate,
  type AdminPromo,
  type adminPromoIssue,
  type AdminSeo,
  type adminSeoBody,
  type AdminSiteState,
  type AdminTicketAction,
  adminTicketActionBodies,
  type AdminTicketDetail,
  type AdminTicketList,
  type adminTicketPayment,
  type adminUserPatch,
  AWAITING_PAYMENT_STATUSES,
  Decimal,
  directionRangeProblem,
  issueMessage,
  type Lang,
  type siteStateUpdate,
  TICKET_STATUSES,
  type TicketStatus,
  toAmount,
  toCents,
  workingHoursProblem,
} from '@obmen/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/database';
import type { RequisiteFieldRecord } from '../../db/schema';
import { AppError, ConflictError, NotFoundError, ParameterError } from '../../http/errors';
import type { CardCheckService } from '../card-check/card-check.service';
import { renderMarkdown } from '../content/markdown';
import type { Catalog } from '../exchange/exchange.catalog';
import type { ExchangeService } from '../exchange/exchange.service';
import { newPromoCode } from '../promo/promo.service';
import { insertPromoCodes } from '../promo/promo.repository';
import { MANUAL_SOURCE } from '../rates/rates.job';
import { creditBalance, decidePayout } from '../referral/referral.repository';
import { readSiteState, writeSiteState } from '../site-state/site-state.repository';
import type { SiteStateService } from '../site-state/site-state.service';
import { deriveAddress } from '../chain/addresses';
import { TICKET_ACTIONS } from '../tickets/ticket-lifecycle';
import { requirePayoutProof } from '../tickets/ticket-proof';
import { findTicket, type TicketRow } from '../tickets/tickets.repository';
import type { IncomingPaymentsService } from '../tickets/incoming-payments.service';
import type { TicketsService } from '../tickets/tickets.service';
import {
  approvePayout,
  countTicketsByStatus,
  deleteNews,
  deleteSeo,
  endSessionsOf,
  findCardCheckRow,
  findCurrency,
  findDirection,
  findNewsById,
  findPageRow,
  findPayout,
  findPrice,
  findSeo,
  findUserById,
  findUserIdByName,
  insertCurrency,
  insertDirection,
  insertNews,
  listAllBands,
  listAllCurrencies,
  listAllDirections,
  listAllFaq,
  listAllNews,
  listAllPages,
  listAllPrices,
  listAllReserves,
  listAllSeo,
  listAudit,
  listOutbox,
  listPayoutsForOperators,
  mailsTo,
  newsSlugTaken,
  payApprovedPayout,
  replaceBands,
  replaceFaq,
  searchPromoCodes,
  searchTickets,
  searchUsers,
  reserveHeld,
  setReserveBalance,
  ticketHistoryOf,
  ticketsAwaitingPayment,
  updateCurrency,
  updateDirection,
  updateNews,
  updatePrice,
  updateUser,
  upsertPage,
  upsertSeo,
  writeAudit,
  type AuditRow,
  type CurrencyRow,
  type DirectionRow,
  type NewsRow,
  type OutboxRow,
  type PageRow,
  type PayoutRow,
  type PriceRow,
  type SeoRow,
} from './admin.repository';

/** Enough for an operator to read in a dialog; the rest is in the queue. */
const AWAITING_PAYMENT_SHOWN = 20;

/** Who is making a change: the logged-in operator or admin. */
export interface Actor {
  id: string;
  username: string;
}

interface Paging {
  page: number;
  perPage: number;
}

export interface AdminOptions {
  db: Db;
  catalog: Catalog;
  payments: IncomingPaymentsService;
  exchange: ExchangeService;
  tickets: TicketsService;
  cardCheck: CardCheckService;
  siteState: SiteStateService;
  rateSource: 'static' | 'live';
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const isoNow = (d: Date) => d.toISOString();
/** `1.5000` → `1.5`: numeric columns come with all their zeros. */
const plain = (v: string) => new Decimal(v).toFixed();

// What of a ticket the audit keeps: its state, not the client's data.
const ticketState = (t: TicketRow) => ({
  status: t.status,
  statusReason: t.statusReason,
  payoutReference: t.payoutReference,
  refundNote: t.refundNote,
});

const toOutbox = (row: OutboxRow): AdminOutboxMail => ({
  id: row.id,
  toAddress: row.toAddress,
  subject: row.subject,
  text: row.text,
  kind: row.kind,
  lang: row.lang,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: isoNow(row.createdAt),
  sentAt: iso(row.sentAt),
});

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
  updatedAt: isoNow(row.updatedAt),
});

type WatchSettings = Pick<
  CurrencyRow,
  'watchMode' | 'watchChain' | 'watchXpub' | 'watchAddress' | 'watchToken' | 'watchApiUrl'
>;

/** A watched currency's settings must work together: the server can derive from the key, read the API. */
function checkWatchSettings(settings: WatchSettings): void {
  if (settings.watchMode === 'off') return;
  const { watchChain: chain } = settings;
  const key = settings.watchMode === 'xpub' ? 'watchXpub' : 'watchAddress';
  if (!chain || !settings.watchApiUrl || !settings[key]) throw ParameterError.of({ [key]: 'admin.watchIncomplete' });
  if (chain === 'ethereum' && !settings.watchToken) throw ParameterError.of({ watchToken: 'admin.watchTokenRequired' });
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

const toNewsDto = (row: NewsRow): AdminNews => ({
  ...row,
  publishedAt: isoNow(row.publishedAt),
  updatedAt: isoNow(row.updatedAt),
});
const toPageDto = (row: PageRow): AdminPage => ({
  ...row,
  slug: row.slug as AdminPage['slug'],
  updatedAt: isoNow(row.updatedAt),
});
const toSeoDto = (row: SeoRow): AdminSeo => ({ ...row, updatedAt: isoNow(row.updatedAt) });
const toAuditDto = (row: AuditRow): AdminAuditEntry => ({
  id: row.id,
  actorName: row.actorName,
  action: row.action,
  resource: row.resource,
  resourceId: row.resourceId,
  before: row.before,
  after: row.after,
  createdAt: isoNow(row.createdAt),
});

/**
 * The operator console's work (design §6). Every change is one transaction with its audit record
 * (who, when, what, before, after), so the log never claims a change that did not happen, nor misses one.
 */
export function createAdminService({
  db,
  catalog,
  exchange,
  tickets,
  payments,
  cardCheck,
  siteState: siteStateService,
  rateSource,
}: AdminOptions) {
  async function audited<T>(
    actor: Actor,
    what: { action: string; resource: string; resourceId: string; before: unknown },
    write: (tx: Tx) => Promise<T>,
    shown: (result: T) => unknown = (result) => result,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const result = await write(tx);
      await writeAudit(tx, { actorId: actor.id, actorName: actor.username, ...what, after: shown(result) });
      return result;
    });
  }

  const scaleOf = (code: string) => scaleOfCurrency(catalog.get(), code);
  const valuteOf = (code: string) => catalog.get().currencies.get(code)?.row.valute ?? code;
  // Stored sums are at their currency's scale already; a figure that is not is cut, never inflated.
  const amountOf = (code: string, sum: string) => toAmount(new Decimal(sum), scaleOf(code), 'down');
  const sideOf = (code: string, sum: string) => ({ code, valute: valuteOf(code), sum: amountOf(code, sum) });

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
    quoteLifetimeSeconds: row.quoteLifetimeSeconds,
    opensAt: row.opensAt,
    closesAt: row.closesAt,
    available: exchange.directionStatus(row.giveCode, row.getCode),
    detection: exchange.isManual(row, catalog.get().currencies.get(row.giveCode)?.row ?? { watchMode: 'off' })
      ? 'manual'
      : 'automatic',
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
    };
  };

  const toPayoutDto = ({ payout, username }: { payout: PayoutRow; username: string }): AdminPayout => ({
    id: payout.id,
    userId: payout.userId,
    username,
    currencyCode: payout.currencyCode,
    valute: valuteOf(payout.currencyCode),
    sum: amountOf(payout.currencyCode, payout.sum),
    amountUsd: toCents(new Decimal(payout.amountUsd), 'half-up'),
    requisite: payout.requisite,
    addRequisite: payout.addRequisite,
    status: payout.status,
    approvedAt: iso(payout.approvedAt),
    approvedBy: payout.approvedBy,
    reference: payout.reference,
    reason: payout.reason,
    createdAt: isoNow(payout.createdAt),
    decidedAt: iso(payout.decidedAt),
  });

  async function requireCurrency(code: string): Promise<CurrencyRow> {
    const row = await findCurrency(db, code);
    if (!row) throw new NotFoundError('exchange.unknownCurrency');
    return row;
  }

  async function payoutDto(id: string): Promise<AdminPayout> {
    const row = await findPayout(db, id);
    if (!row) throw new NotFoundError();
    return toPayoutDto(row);
  }

  const service = {
    // ——— Tickets ———

    async ticketQueue(filter: { status: string; q?: string | undefined }, paging: Paging): Promise<AdminTicketList> {
      const [{ items, page, perPage, total }, counts] = await Promise.all([
        searchTickets(db, filter, paging),
        countTicketsByStatus(db),
      ]);
      return {
        items: items.map(({ ticket, username, cardCheck: check }) => ({
          id: ticket.id,
          number: ticket.number,
          status: ticket.status,
          createdAt: isoNow(ticket.createdAt),
          updatedAt: isoNow(ticket.updatedAt),
          email: ticket.email,
          username,
          give: sideOf(ticket.giveCode, ticket.giveSum),
          get: sideOf(ticket.getCode, ticket.getSum),
          manual: ticket.manual,
          fixed: ticket.fixed,
          cardCheck: check ?? 'none',
          paymentDeadline: ticket.status === 'advance' ? iso(ticket.paymentDeadline) : null,
        })),
        page,
        perPage,
        total,
        counts: Object.fromEntries(TICKET_STATUSES.map((s) => [s, counts.get(s) ?? 0])) as Record<TicketStatus, number>,
      };
    },

    async ticketDetail(id: string, lang: Lang): Promise<AdminTicketDetail> {
      const row = await findTicket(db, id);
      if (!row) throw new NotFoundError('ticket.notFound');
      const [ticket, history, check, mails] = await Promise.all([
        tickets.view(row, lang, true),
        ticketHistoryOf(db, id),
        findCardCheckRow(db, id),
        mailsTo(db, row.email, 20),
      ]);
      const username = row.userId ? ((await findUserById(db, row.userId))?.username ?? null) : null;
      const checkStatus = check?.status ?? 'none';
      return {
        ticket,
        userId: row.userId,
        username,
        lang: row.lang,
        refundNote: row.refundNote,
        feePercent: plain(row.feePercent),
        discountPercent: plain(row.discountPercent),
        usdValue: toCents(new Decimal(row.usdValue), 'half-up'),
        cardCheck: {
          status: checkStatus,
          reason: check?.reason ?? null,
          uploadedAt: iso(check?.uploadedAt),
          decidedAt: iso(check?.decidedAt),
        },
        history: history.map(({ entry, operator }) => ({
          id: entry.id,
          from: entry.fromStatus,
          to: entry.toStatus,
          actor: operator ?? entry.actor.replace(/^operator:.*/, 'operator'),
          note: entry.note,
          at: isoNow(entry.createdAt),
        })),
        // A card can be approved once its photo is there; everything else as the lifecycle allows.
        actions: ADMIN_TICKET_ACTIONS.filter(
          (action) =>
            (TICKET_ACTIONS[action].from as readonly TicketStatus[]).includes(row.status) &&
            (action !== 'approveCard' || checkStatus === 'pending'),
        ),
        mails: mails.map(toOutbox),
      };
    },

    /** One lifecycle step by an operator: the transition, the client's mail and the audit commit together. */
    async ticketAction(actor: Actor, id: string, action: AdminTicketAction, body: unknown, lang: Lang) {
      const parsed = adminTicketActionBodies[action].safeParse(body);
      if (!parsed.success) {
        const issues = parsed.error.issues;
        throw new ParameterError((l) =>
          issues.map((issue) => ({ name: String(issue.path[0] ?? 'request'), messages: [issueMessage(issue, l)] })),
        );
      }
      const data = parsed.data as { note?: string; payoutReference?: string; refundNote?: string; refundTxid?: string };
      // Coins paid out or sent back are proven by their transaction on the ticket's page and in its mail.
      const found = action === 'complete' || action === 'refund' ? await findTicket(db, id) : undefined;
      const row = found && (TICKET_ACTIONS[action].from as readonly TicketStatus[]).includes(found.status) && found;
      if (row && action === 'complete') requirePayoutProof(catalog, row.getCode, data.payoutReference ?? null);
      if (row && action === 'refund') requirePayoutProof(catalog, row.giveCode, data.refundTxid ?? null, 'refundTxid');
      await tickets.transition(id, action, {
        actor: `operator:${actor.id}`,
        note: data.note ?? null,
        payoutReference: data.payoutReference ?? null,
        refundNote: data.refundNote ?? null,
        ...(action === 'refund' && { set: { refundTxid: data.refundTxid?.trim() ?? null } }),
        within: (tx, before, after) =>
          writeAudit(tx, {
            actorId: actor.id,
            actorName: actor.username,
            action,
            resource: 'tickets',
            resourceId: id,
            before: ticketState(before),
            after: ticketState(after),
          }),
      });
      return service.ticketDetail(id, lang);
    },

    /**
     * What arrived on a manual direction, as the operator saw it: it goes through the same rules as
     * a watched payment (short, over, late), counted at once, and the operator is named in the audit.
     */
    async recordPayment(actor: Actor, id: string, body: z.output<typeof adminTicketPayment>): Promise<void> {
      const row = await findTicket(db, id);
      if (!row) throw new NotFoundError('ticket.notFound');
      const expired = row.status === 'deleted' && row.statusReason === 'payment_expired';
      if (row.status !== 'advance' && !expired) throw new ConflictError('wrong_status', 'ticket.wrongStatus');
      await payments.recordIncomingPayment(
        {
          ticketId: id,
          txid: body.reference,
          amount: body.amount,
          confirmations: 1,
          required: 1,
          seenAt: new Date(),
          gone: false,
        },
        { source: 'operator', actor: { id: actor.id, name: actor.username } },
      );
    },

    async cardImage(id: string): Promise<Buffer | null> {
      return cardCheck.image(id, null, true);
    },

    // ——— Currencies ———

    async currencies(): Promise<AdminCurrency[]> {
      return (await listAllCurrencies(db)).map(toCurrencyDto);
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
      return { rateSource, items: (await listAllPrices(db)).map(toPriceDto) };
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

    // ——— Site state ———

    async siteState(): Promise<AdminSiteState> {
      const row = await readSiteState(db);
      return {
        convertEnabled: row?.convertEnabled ?? true,
        headerRu: row?.headerRu ?? 'Технический перерыв',
        textRu: row?.textRu ?? '',
        headerEn: row?.headerEn ?? 'Maintenance break',
        textEn: row?.textEn ?? '',
        updatedAt: iso(row?.updatedAt),
      };
    },

    /** What switching maintenance on would hold up: the clients who have yet to pay. */
    async awaitingPayment(): Promise<AdminAwaitingPayment> {
      const { items, total } = await ticketsAwaitingPayment(db, [...AWAITING_PAYMENT_STATUSES], AWAITING_PAYMENT_SHOWN);
      return {
        total,
        items: items.map((ticket) => ({
          id: ticket.id,
          number: ticket.number,
          status: ticket.status,
          createdAt: isoNow(ticket.createdAt),
          give: sideOf(ticket.giveCode, ticket.giveSum),
          get: sideOf(ticket.getCode, ticket.getSum),
          paymentDeadline: ticket.status === 'advance' ? iso(ticket.paymentDeadline) : null,
        })),
      };
    },

    async setSiteState(actor: Actor, change: z.output<typeof siteStateUpdate>): Promise<AdminSiteState> {
      const before = await service.siteState();
      await audited(
        actor,
        { action: 'update', resource: 'site-state', resourceId: '1', before },
        (tx) => writeSiteState(tx, change),
        ({ id: _id, updatedAt: _at, ...row }) => row,
      );
      await siteStateService.changed();
      return service.siteState();
    },

    // ——— People and money ———

    async users(filter: { q?: string | undefined; role?: string | undefined }, paging: Paging) {
      const found = await searchUsers(db, filter, paging);
      return { ...found, items: found.items.map((u) => ({ ...u, createdAt: isoNow(u.createdAt) })) };
    },

    async updateUser(actor: Actor, id: string, patch: z.output<typeof adminUserPatch>) {
      const before = await findUserById(db, id);
      if (!before) throw new NotFoundError('admin.userNotFound');
      // Nobody locks themselves out, and there is always an admin who could undo a mistake.
      if (id === actor.id) throw new ConflictError('self_change', 'admin.selfChange');
      const { id: _id, username: _name, ...state } = before;
      return audited(
        actor,
        { action: patch.blocked ? 'block' : 'update', resource: 'users', resourceId: before.username, before: state },
        async (tx) => {
          const row = await updateUser(tx, id, patch);
          // A blocked user is logged out everywhere at once.
          if (patch.blocked) await endSessionsOf(tx, id);
          return row;
        },
        ({ role, blocked }) => ({ role, blocked }),
      );
    },

    async promoCodes(filter: { q?: string | undefined; status?: string | undefined }, paging: Paging) {
      const found = await searchPromoCodes(db, filter, paging);
      return {
        ...found,
        items: found.items.map(({ promo, username, ticketNumber }): AdminPromo => {
          const expired =
            promo.status === 'active' && promo.expiresAt !== null && promo.expiresAt.getTime() < Date.now();
          return {
            code: promo.code,
            username,
            valueRub: toAmount(new Decimal(promo.valueRub), 0, 'down'),
            minRub: toAmount(new Decimal(promo.minRub), 0, 'up'),
            status: expired ? 'expired' : promo.status,
            ticketId: promo.ticketId,
            ticketNumber,
            expiresAt: iso(promo.expiresAt),
            createdAt: isoNow(promo.createdAt),
            usedAt: iso(promo.usedAt),
          };
        }),
      };
    },

    /** Single-use codes for one user (by username or e-mail), or an unassigned batch. */
    async issuePromoCodes(actor: Actor, body: z.output<typeof adminPromoIssue>): Promise<AdminPromo[]> {
      const userId = body.username ? await findUserIdByName(db, body.username) : null;
      if (userId === undefined) throw ParameterError.of({ username: 'admin.userNotFound' });
      const rows = Array.from({ length: body.count }, () => ({
        code: newPromoCode(),
        userId,
        valueRub: body.valueRub,
        minRub: body.minRub,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      }));
      const issued = await audited(
        actor,
        { action: 'issue', resource: 'promo-codes', resourceId: body.username ?? '*', before: null },
        (tx) => insertPromoCodes(tx, rows),
        (inserted) => ({
          count: inserted.length,
          valueRub: body.valueRub,
          minRub: body.minRub,
          expiresAt: body.expiresAt ?? null,
          codes: inserted.map((p) => p.code),
        }),
      );
      return issued.map((promo) => ({
        code: promo.code,
        username: body.username ?? null,
        valueRub: toAmount(new Decimal(promo.valueRub), 0, 'down'),
        minRub: toAmount(new Decimal(promo.minRub), 0, 'up'),
        status: 'active',
        ticketId: null,
        ticketNumber: null,
        expiresAt: iso(promo.expiresAt),
        createdAt: isoNow(promo.createdAt),
        usedAt: null,
      }));
    },

    async payouts(status: string | undefined, paging: Paging) {
      const found = await listPayoutsForOperators(db, status, paging);
      return { ...found, items: found.items.map(toPayoutDto) };
    },

    async approvePayout(actor: Actor, id: string): Promise<AdminPayout> {
      const before = await payoutDto(id);
      await audited(
        actor,
        { action: 'approve', resource: 'payouts', resourceId: id, before },
        async (tx) => {
          const row = await approvePayout(tx, id, actor.username);
          if (!row) throw new ConflictError('wrong_status', 'admin.payoutDecided');
          return row;
        },
        (row) => ({ status: row.status, approvedBy: row.approvedBy }),
      );
      return payoutDto(id);
    },

    async payPayout(actor: Actor, id: string, reference: string): Promise<AdminPayout> {
      const before = await payoutDto(id);
      if (before.status !== 'pending') throw new ConflictError('wrong_status', 'admin.payoutDecided');
      if (!before.approvedAt) throw new ConflictError('not_approved', 'admin.payoutNotApproved');
      await audited(
        actor,
        { action: 'pay', resource: 'payouts', resourceId: id, before },
        async (tx) => {
          const row = await payApprovedPayout(tx, id, reference);
          if (!row) throw new ConflictError('wrong_status', 'admin.payoutDecided');
          return row;
        },
        (row) => ({ status: row.status, reference: row.reference }),
      );
      return payoutDto(id);
    },

    /** Refuses a request; what it took goes back to the partner's balance in the same transaction. */
    async rejectPayout(actor: Actor, id: string, reason: string): Promise<AdminPayout> {
      const before = await payoutDto(id);
      await audited(
        actor,
        { action: 'reject', resource: 'payouts', resourceId: id, before },
        async (tx) => {
          const row = await decidePayout(tx, id, { status: 'rejected', reason });
          if (!row) throw new ConflictError('wrong_status', 'admin.payoutDecided');
          await creditBalance(tx, row.userId, row.amountUsd);
          return row;
        },
        (row) => ({
          status: row.status,
          reason: row.reason,
          returnedUsd: toCents(new Decimal(row.amountUsd), 'half-up'),
        }),
      );
      return payoutDto(id);
    },

    async outbox(q: string | undefined, paging: Paging) {
      const found = await listOutbox(db, q, paging);
      return { ...found, items: found.items.map(toOutbox) };
    },

    async audit(filter: { q?: string | undefined; resource?: string | undefined }, paging: Paging) {
      const found = await listAudit(db, filter, paging);
      return { ...found, items: found.items.map(toAuditDto) };
    },

    // ——— Content ———

    async news(q: string | undefined, paging: Paging) {
      const found = await listAllNews(db, q, paging);
      return { ...found, items: found.items.map(toNewsDto) };
    },

    async createNews(actor: Actor, body: z.output<typeof adminNewsBody>): Promise<AdminNews> {
      if (await newsSlugTaken(db, body.slug, null)) throw ParameterError.of({ slug: 'admin.slugTaken' });
      const row = await audited(
        actor,
        { action: 'create', resource: 'news', resourceId: body.slug, before: null },
        (tx) => insertNews(tx, { ...body, publishedAt: new Date(body.publishedAt) }),
        toNewsDto,
      );
      return toNewsDto(row);
    },

    async updateNews(actor: Actor, id: number, body: z.output<typeof adminNewsBody>): Promise<AdminNews> {
      const before = await findNewsById(db, id);
      if (!before) throw new NotFoundError();
      if (await newsSlugTaken(db, body.slug, id)) throw ParameterError.of({ slug: 'admin.slugTaken' });
      const row = await audited(
        actor,
        { action: 'update', resource: 'news', resourceId: String(id), before: toNewsDto(before) },
        (tx) => updateNews(tx, id, { ...body, publishedAt: new Date(body.publishedAt) }),
        toNewsDto,
      );
      return toNewsDto(row);
    },

    async deleteNews(actor: Actor, id: number): Promise<void> {
      const before = await findNewsById(db, id);
      if (!before) throw new NotFoundError();
      await audited(
        actor,
        { action: 'delete', resource: 'news', resourceId: String(id), before: toNewsDto(before) },
        (tx) => deleteNews(tx, id),
        () => null,
      );
    },

    async pages() {
      const [rows, faq] = await Promise.all([listAllPages(db), listAllFaq(db)]);
      return {
        pages: rows.map(toPageDto),
        faq: faq.map(({ questionRu, questionEn, answerRu, answerEn }) => ({
          questionRu,
          questionEn,
          answerRu,
          answerEn,
        })),
      };
    },

    async savePage(actor: Actor, slug: string, body: z.output<typeof adminPageBody>): Promise<AdminPage> {
      const before = await findPageRow(db, slug);
      const row = await audited(
        actor,
        { action: 'update', resource: 'pages', resourceId: slug, before: before ? toPageDto(before) : null },
        (tx) => upsertPage(tx, slug, body),
        toPageDto,
      );
      return toPageDto(row);
    },

    async saveFaq(
      actor: Actor,
      items: { questionRu: string; questionEn: string; answerRu: string; answerEn: string }[],
    ) {
      const before = (await service.pages()).faq;
      await audited(
        actor,
        { action: 'replace', resource: 'pages', resourceId: 'faq-items', before },
        (tx) => replaceFaq(tx, items),
        () => items,
      );
      return (await service.pages()).faq;
    },

    async seo(): Promise<AdminSeo[]> {
      return (await listAllSeo(db)).map(toSeoDto);
    },

    async saveSeo(actor: Actor, give: string, get: string, body: z.output<typeof adminSeoBody>): Promise<AdminSeo> {
      await requireCurrency(give);
      await requireCurrency(get);
      const before = await findSeo(db, give, get);
      const row = await audited(
        actor,
        { action: 'update', resource: 'seo', resourceId: `${give}>${get}`, before: before ? toSeoDto(before) : null },
        (tx) => upsertSeo(tx, give, get, body),
        toSeoDto,
      );
      return toSeoDto(row);
    },

    async deleteSeo(actor: Actor, give: string, get: string): Promise<void> {
      const before = await findSeo(db, give, get);
      if (!before) throw new NotFoundError();
      await audited(
        actor,
        { action: 'delete', resource: 'seo', resourceId: `${give}>${get}`, before: toSeoDto(before) },
        (tx) => deleteSeo(tx, give, get),
        () => null,
      );
    },

    preview(markdown: string): { html: string } {
      return { html: renderMarkdown(markdown) };
    },
  };
  return service;
}

export type AdminService = ReturnType<typeof createAdminService>;
