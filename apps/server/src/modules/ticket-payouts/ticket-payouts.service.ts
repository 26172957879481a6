import {
  Decimal,
  explorerLink,
  PAYOUT_STATES,
  type AdminPayoutResolve,
  type AdminPayoutSettings,
  type AdminTicketPayout,
  type AdminTicketPayoutList,
  type PayoutState,
  type adminPayoutSettingsUpdate,
} from '@obmen/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/database';
import type { Page } from '../../db/paging';
import { ConflictError, NotFoundError } from '../../http/errors';
import type { SecretSealer } from '../accounts/two-factor-secret';
import { writeAudit } from '../admin/admin.repository';
import { iso, isoNow, plain, type Actor } from '../admin/console';
import type { Catalog } from '../exchange/exchange.catalog';
import { updateCurrency } from '../exchange/exchange-setup.repository';
import { requirePayoutProof } from '../tickets/ticket-proof';
import { findTicket, lockTicket } from '../tickets/tickets.repository';
import type { TicketsService } from '../tickets/tickets.service';
import { credentialsOwner, openCredentials } from './payout-providers';
import {
  addApproval,
  approvalsOf,
  countPayoutsByState,
  findAccount,
  findPayout,
  findPayoutOfTicket,
  listAccounts,
  lockPayout,
  movePayout,
  payoutKey,
  searchPayouts,
  upsertAccount,
  waitingByCurrency,
  type TicketPayoutRow,
} from './ticket-payouts.repository';

type SettingsUpdate = z.output<typeof adminPayoutSettingsUpdate>;

// What the audit keeps of a payout: its state, not the customer's data.
const payoutState = (p: TicketPayoutRow) => ({
  state: p.state,
  key: p.key,
  txid: p.txid,
  approvalsNeeded: p.approvalsNeeded,
  lastError: p.lastError,
});

const SECRET_NAMES = { electrum: ['password', 'walletPassword'], binance: ['apiKey', 'apiSecret'] } as const;

/** The console's side of automatic payouts (issue 44): the queue and its decisions, and each currency's provider. */
export function createTicketPayoutsService({
  db,
  catalog,
  tickets,
  sealer,
  enabled,
  claims,
  onProviderChanged = () => Promise.resolve(),
}: {
  db: Db;
  /** Refuses an operator's decision on a payout while another operator holds its ticket (issue 46). */
  claims?: { guard: (tx: Tx, ticketId: string, actor: Actor) => Promise<void> };
  catalog: Catalog;
  tickets: TicketsService;
  sealer: SecretSealer;
  enabled: boolean;
  /** After a currency's provider or secrets change: its balance is read again. */
  onProviderChanged?: () => Promise<void>;
}) {
  const currencyOf = (code: string) => catalog.get().currencies.get(code)?.row;

  async function toDtos(rows: { payout: TicketPayoutRow; number: number }[]): Promise<AdminTicketPayout[]> {
    const approvals = await approvalsOf(
      db,
      rows.map((r) => r.payout.id),
    );
    return rows.map(({ payout, number }) => {
      const currency = currencyOf(payout.currencyCode);
      return {
        id: payout.id,
        ticketId: payout.ticketId,
        ticketNumber: number,
        currencyCode: payout.currencyCode,
        valute: currency?.valute ?? payout.currencyCode,
        amount: plain(payout.amount),
        address: payout.address,
        memo: payout.memo,
        provider: payout.provider,
        state: payout.state,
        holdReasons: payout.holdReasons,
        approvalsNeeded: payout.approvalsNeeded,
        approvals: approvals
          .filter((a) => a.payoutId === payout.id)
          .map((a) => ({ operator: a.operator, at: isoNow(a.at) })),
        key: payout.key,
        attempt: payout.attempt,
        providerRef: payout.providerRef,
        txid: payout.txid,
        txidUrl:
          payout.txid && currency ? explorerLink(currency.explorerTxUrl, currency.txHashFormat, payout.txid) : null,
        lastError: payout.lastError,
        notBefore: iso(payout.notBefore),
        createdAt: isoNow(payout.createdAt),
        updatedAt: isoNow(payout.updatedAt),
      };
    });
  }

  async function dto(id: string): Promise<AdminTicketPayout> {
    const payout = await findPayout(db, id);
    if (!payout) throw new NotFoundError('payout.notFound');
    const ticket = await findTicket(db, payout.ticketId);
    return (await toDtos([{ payout, number: ticket?.number ?? 0 }]))[0]!;
  }

  /**
   * One decision on a payout, with its audit, in one transaction: the ticket is locked first (as
   * every transition and the worker take it), then the payout, which must be in one of `from`.
   */
  async function decide(
    actor: Actor,
    id: string,
    action: string,
    from: readonly PayoutState[],
    change: (tx: Tx, payout: TicketPayoutRow) => Promise<Record<string, unknown> | void>,
  ): Promise<AdminTicketPayout> {
    const found = await findPayout(db, id);
    if (!found) throw new NotFoundError('payout.notFound');
    await db.transaction(async (tx) => {
      await lockTicket(tx, found.ticketId);
      // An approval is the second pair of eyes the four-eyes rule asks for: a claim never blocks it.
      if (action !== 'approve') await claims?.guard(tx, found.ticketId, actor);
      const payout = await lockPayout(tx, id);
      if (!payout || !from.includes(payout.state)) throw new ConflictError('wrong_state', 'payout.wrongState');
      const extra = await change(tx, payout);
      const after = (await findPayout(tx, id))!;
      await writeAudit(tx, {
        actorId: actor.id,
        actorName: actor.username,
        action,
        resource: 'ticket-payouts',
        resourceId: id,
        before: payoutState(payout),
        after: { ...payoutState(after), ...extra },
      });
    });
    return dto(id);
  }

  /** A new attempt under a new key: only after the provider (or an operator) said the last did not leave. */
  const nextAttempt = async (tx: Tx, payout: TicketPayoutRow, reason: string) => {
    const ticket = await findTicket(tx, payout.ticketId);
    await movePayout(tx, payout.id, [payout.state], {
      state: 'queued',
      attempt: payout.attempt + 1,
      key: payoutKey(ticket!.number, payout.attempt + 1),
      prepared: null,
      providerRef: null,
      notBefore: null,
      sendingSince: null,
      lastError: reason,
    });
  };

  return {
    enabled,

    async list(filter: { state?: PayoutState | undefined; q?: string | undefined }, paging: Page) {
      const [found, counts, waiting, accounts] = await Promise.all([
        searchPayouts(db, filter, paging),
        countPayoutsByState(db),
        waitingByCurrency(db),
        listAccounts(db),
      ]);
      const providers = accounts.flatMap((account) => {
        const currency = currencyOf(account.currencyCode);
        if (!currency || currency.payoutMode === 'manual') return [];
        return [
          {
            currencyCode: account.currencyCode,
            valute: currency.valute,
            mode: currency.payoutMode,
            balance: account.balance === null ? null : plain(account.balance),
            balanceAt: iso(account.balanceAt),
            error: account.balanceError,
            waiting: new Decimal(waiting.get(account.currencyCode) ?? '0').toFixed(),
            short: currency.payoutBlocked !== null,
          },
        ];
      });
      const result: AdminTicketPayoutList = {
        items: await toDtos(found.items),
        page: found.page,
        perPage: found.perPage,
        total: found.total,
        counts: Object.fromEntries(PAYOUT_STATES.map((s) => [s, counts.get(s) ?? 0])) as Record<PayoutState, number>,
        providers,
        enabled,
      };
      return result;
    },

    async ofTicket(ticketId: string): Promise<AdminTicketPayout | null> {
      const payout = await findPayoutOfTicket(db, ticketId);
      return payout ? dto(payout.id) : null;
    },

    /**
     * An operator's approval. Each operator approves once; with enough approvals the payout is
     * queued. A first exchange's delay is lifted by an approval too.
     */
    approve: (actor: Actor, id: string) =>
      decide(actor, id, 'approve', ['awaiting_approval', 'queued'], async (tx, payout) => {
        if (payout.state === 'queued' && !(payout.notBefore && payout.notBefore > new Date())) {
          throw new ConflictError('wrong_state', 'payout.wrongState');
        }
        if (!(await addApproval(tx, id, actor.id))) throw new ConflictError('same_approver', 'payout.sameApprover');
        const given = (await approvalsOf(tx, [id])).length;
        if (given >= payout.approvalsNeeded)
          await movePayout(tx, id, [payout.state], { state: 'queued', notBefore: null });
        return { approvals: given };
      }),

    retry: (actor: Actor, id: string, reason: string) =>
      decide(actor, id, 'retry', ['failed'], async (tx, payout) => {
        await nextAttempt(tx, payout, `retried: ${reason}`);
        return { reason };
      }),

    /** Left to a person: the ticket stays paid, and an operator completes it with the payout's transaction. */
    cancel: (actor: Actor, id: string, reason: string) =>
      decide(actor, id, 'cancel', ['queued', 'awaiting_approval', 'failed'], async (tx, payout) => {
        await movePayout(tx, id, [payout.state], { state: 'cancelled', lastError: `cancelled: ${reason}` });
        return { reason };
      }),

    /** What reconciliation could not settle: the operator says whether it left, and why they know. */
    resolve: (actor: Actor, id: string, body: AdminPayoutResolve) =>
      decide(actor, id, 'resolve', ['unknown'], async (tx, payout) => {
        if (body.outcome === 'not_sent') {
          await nextAttempt(tx, payout, `not sent, said an operator: ${body.reason}`);
          return { outcome: body.outcome, reason: body.reason };
        }
        const txid = body.txid.trim();
        requirePayoutProof(catalog, payout.currencyCode, txid);
        await movePayout(tx, id, ['unknown'], { state: 'sent', txid, lastError: null });
        await tickets.transitionIn(tx, payout.ticketId, 'complete', {
          actor: `operator:${actor.id}`,
          payoutReference: txid,
          note: body.reason,
        });
        return { outcome: body.outcome, reason: body.reason };
      }).then((result) => {
        catalog.forgetReserve(result.currencyCode);
        return result;
      }),

    /** Every crypto currency's payout setup; secrets are never shown, only that they are stored. */
    async settings(): Promise<AdminPayoutSettings[]> {
      const accounts = new Map((await listAccounts(db)).map((a) => [a.currencyCode, a]));
      return [...catalog.get().currencies.values()]
        .filter((c) => c.row.kind === 'crypto')
        .map(({ row }) => {
          const account = accounts.get(row.code);
          const settings = account?.settings ?? {};
          return {
            currencyCode: row.code,
            valute: row.valute,
            mode: row.payoutMode,
            electrum:
              row.payoutMode === 'electrum' ? { url: settings.url ?? '', username: settings.username ?? '' } : null,
            binance:
              row.payoutMode === 'binance'
                ? { baseUrl: settings.baseUrl ?? '', coin: settings.coin ?? '', network: settings.network ?? '' }
                : null,
            storedSecrets: account?.storedSecrets ?? [],
            limits: {
              maxPerTicket: row.payoutMaxPerTicket === null ? null : plain(row.payoutMaxPerTicket),
              maxPerDay: row.payoutMaxPerDay === null ? null : plain(row.payoutMaxPerDay),
              maxPerCustomerDay: row.payoutMaxPerCustomerDay === null ? null : plain(row.payoutMaxPerCustomerDay),
              fourEyesAbove: row.payoutFourEyesAbove === null ? null : plain(row.payoutFourEyesAbove),
              firstExchangeDelayMinutes: row.payoutFirstDelayMinutes,
            },
            updatedAt: iso(account?.updatedAt),
          };
        });
    },

    /**
     * Sets a currency's payout mode, provider and limits in one audited transaction. Secrets given
     * replace the stored ones, an empty field keeps them; they are sealed and never read back.
     */
    async updateSettings(actor: Actor, code: string, change: SettingsUpdate): Promise<AdminPayoutSettings> {
      const currency = currencyOf(code);
      if (!currency) throw new NotFoundError('exchange.unknownCurrency');
      if (currency.kind !== 'crypto') throw new ConflictError('not_crypto', 'payout.notCrypto');
      const before = (await this.settings()).find((s) => s.currencyCode === code)!;
      const given: Record<string, string> =
        change.mode === 'manual'
          ? {}
          : Object.fromEntries(
              Object.entries(change.credentials).filter((entry): entry is [string, string] => Boolean(entry[1])),
            );
      // The audit names the secrets given, never their values.
      const secretsGiven = Object.keys(given);
      await db.transaction(async (tx) => {
        const { limits } = change;
        await updateCurrency(tx, code, {
          payoutMode: change.mode,
          payoutMaxPerTicket: limits.maxPerTicket,
          payoutMaxPerDay: limits.maxPerDay,
          payoutMaxPerCustomerDay: limits.maxPerCustomerDay,
          payoutFourEyesAbove: limits.fourEyesAbove,
          payoutFirstDelayMinutes: limits.firstExchangeDelayMinutes,
          // A new provider's shortage is its own: the balance job reads it again.
          ...(change.mode !== currency.payoutMode && { payoutBlocked: null }),
        });
        if (change.mode === 'manual') {
          // Paid by hand from now on: no secret is kept that nothing uses.
          if (await findAccount(tx, code)) {
            await upsertAccount(tx, code, { settings: {}, sealedCredentials: null, storedSecrets: [] });
          }
        } else {
          const account = await findAccount(tx, code);
          // Another provider's secrets do not carry over.
          const sameProvider = currency.payoutMode === change.mode;
          const kept = sameProvider ? openCredentials(sealer, code, account?.sealedCredentials ?? null) : {};
          const secrets = { ...kept, ...given };
          const names = SECRET_NAMES[change.mode].filter((name) => secrets[name]);
          await upsertAccount(tx, code, {
            settings: change.mode === 'electrum' ? change.electrum : change.binance,
            sealedCredentials: names.length > 0 ? sealer.seal(credentialsOwner(code), JSON.stringify(secrets)) : null,
            storedSecrets: names,
          });
        }
        await writeAudit(tx, {
          actorId: actor.id,
          actorName: actor.username,
          action: 'update',
          resource: 'payout-settings',
          resourceId: code,
          before,
          after: { mode: change.mode, limits: change.limits, secretsGiven },
        });
      });
      await catalog.changed();
      // A provider that cannot be reached shows as such on the queue's card: saving never fails for it.
      if (change.mode !== 'manual') await onProviderChanged().catch(() => undefined);
      return (await this.settings()).find((s) => s.currencyCode === code)!;
    },
  };
}

export type TicketPayoutsService = ReturnType<typeof createTicketPayoutsService>;
