import type { FastifyBaseLogger } from 'fastify';
import { Decimal } from '@obmen/shared';
import type { Db } from '../../db/database';
import type { Catalog } from '../exchange/exchange.catalog';
import type { TicketsService } from '../tickets/tickets.service';
import { lockTicket } from '../tickets/tickets.repository';
import { PayoutOutcomeUnknown, PayoutRefused, type PayoutOutcome, type PayoutRequest } from './payout-provider';
import type { PayoutProviders } from './payout-providers';
import {
  dueQueued,
  listAccounts,
  lockTicketIfFree,
  movePayout,
  payoutsToReconcile,
  saveBalance,
  sentWithOpenTicket,
  setPayoutBlocked,
  waitingByCurrency,
  type TicketPayoutRow,
} from './ticket-payouts.repository';

export interface PayoutTimings {
  /** A `sending` payout whose call began this long ago without an answer was cut off (a crash): reconciled. */
  leaseSeconds: number;
  /**
   * An unknown payout the provider has no record of is queued again (with the same key) only once
   * its last call began this long ago: a request still in flight at the provider would show by then.
   */
  settleSeconds: number;
  /** A provider's call without an answer after this long is given up: a send's outcome is then unknown. */
  callTimeoutMs: number;
}

export const PAYOUT_TIMINGS: PayoutTimings = {
  leaseSeconds: 120,
  settleSeconds: 60,
  callTimeoutMs: 15_000,
};

const BATCH = 20;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Sends queued payouts and settles the ones whose outcome is open (issue 44). Exactly once: a
 * payout is claimed (`sending`) in a transaction that holds its ticket before any call; every call
 * carries the attempt's key; an unknown outcome is looked up in the provider's history, and only
 * what the provider has no record of after `settleSeconds` goes back to the queue under that key.
 * Several processes run it at once: a ticket locked elsewhere is skipped.
 */
export function createPayoutWorker({
  db,
  catalog,
  tickets,
  providers,
  log,
  timings = PAYOUT_TIMINGS,
}: {
  db: Db;
  catalog: Catalog;
  tickets: TicketsService;
  providers: PayoutProviders;
  log: FastifyBaseLogger;
  timings?: PayoutTimings;
}) {
  /** Claims one due payout of a `new` ticket: `sending` from now, committed before the provider hears of it. */
  async function claim(): Promise<TicketPayoutRow | null> {
    for (const candidate of await dueQueued(db, BATCH)) {
      // A provider short of the balance sends nothing until a balance read shows enough.
      if (catalog.get().currencies.get(candidate.currencyCode)?.row.payoutBlocked) continue;
      const claimed = await db.transaction(async (tx) => {
        const ticket = await lockTicketIfFree(tx, candidate.ticketId);
        // Frozen (or settled by hand): it waits; the ticket's own transition decides what becomes of it.
        if (ticket?.status !== 'new') return null;
        return movePayout(tx, candidate.id, ['queued'], {
          state: 'sending',
          sendingSince: new Date(),
          lastError: null,
        });
      });
      if (claimed) return claimed;
    }
    return null;
  }

  function requestOf(payout: TicketPayoutRow, coin: string, network: string | null): PayoutRequest {
    return { key: payout.key, coin, network, address: payout.address, memo: payout.memo, amount: payout.amount };
  }

  /** The payout left with `txid`: recorded, and its ticket succeeds with it, in one transaction when it can. */
  async function recordSent(payout: TicketPayoutRow, txid: string, ref: string | null): Promise<void> {
    const from = ['sending', 'unknown'] as const;
    try {
      await db.transaction(async (tx) => {
        // The ticket first, as every transition takes it, then the payout: one order of locks everywhere.
        await lockTicket(tx, payout.ticketId);
        const sent = await movePayout(
          tx,
          payout.id,
          [...from],
          { state: 'sent', txid, providerRef: ref, lastError: null },
          payout,
        );
        if (!sent) return;
        await tickets.transitionIn(tx, payout.ticketId, 'complete', { actor: 'system', payoutReference: txid });
      });
      catalog.forgetReserve(payout.currencyCode);
    } catch (error) {
      // The money left whatever the ticket says: that is kept first; the ticket is completed on a later run.
      await movePayout(db, payout.id, [...from], {
        state: 'sent',
        txid,
        providerRef: ref,
        lastError: `sent; the ticket did not complete: ${errorText(error)}`,
      });
      log.error({ err: error, payout: payout.id }, 'payout sent, ticket not completed');
    }
  }

  /** What a provider answered (to a send or a lookup), written down. */
  async function settle(payout: TicketPayoutRow, outcome: PayoutOutcome): Promise<void> {
    switch (outcome.state) {
      case 'sent':
        return recordSent(payout, outcome.txid, outcome.ref);
      case 'pending':
        await movePayout(db, payout.id, ['sending', 'unknown'], { state: 'sending', providerRef: outcome.ref }, payout);
        return;
      case 'failed':
        await movePayout(
          db,
          payout.id,
          ['sending', 'unknown'],
          {
            state: 'failed',
            providerRef: outcome.ref,
            lastError: outcome.reason,
          },
          payout,
        );
        return;
      case 'absent': {
        const since = payout.sendingSince?.getTime() ?? 0;
        if (Date.now() - since < timings.settleSeconds * 1000) {
          await movePayout(db, payout.id, ['sending', 'unknown'], { state: 'unknown' }, payout);
          return;
        }
        // The provider has no record of this key long after the call: nothing left. The same key
        // (and what was prepared under it) goes again, so a late arrival of the first call is the same payout.
        await movePayout(
          db,
          payout.id,
          ['sending', 'unknown'],
          {
            state: 'queued',
            lastError: 'the provider has no record of the last call',
          },
          payout,
        );
        return;
      }
    }
  }

  async function send(payout: TicketPayoutRow): Promise<void> {
    const account = await providers.forCurrency(payout.currencyCode);
    if (!account) {
      // The provider was switched off since it was queued: a person pays it.
      await movePayout(
        db,
        payout.id,
        ['sending'],
        { state: 'failed', lastError: 'no payout provider is set up' },
        payout,
      );
      return;
    }
    const request = requestOf(payout, account.coin, account.network);
    try {
      const outcome = await account.provider.send(request, payout.prepared, async (prepared) => {
        const kept = await movePayout(db, payout.id, ['sending'], { prepared }, payout);
        if (!kept) throw new PayoutRefused('rejected', 'the payout was settled elsewhere before it was sent');
      });
      await settle(payout, outcome);
    } catch (error) {
      if (error instanceof PayoutRefused) {
        await refused(payout, error);
        return;
      }
      // Timeouts, 5xx, dropped connections, anything unforeseen: the money may have left.
      await movePayout(
        db,
        payout.id,
        ['sending'],
        {
          state: 'unknown',
          lastError: error instanceof PayoutOutcomeUnknown ? error.message : errorText(error),
        },
        payout,
      );
    }
  }

  async function refused(payout: TicketPayoutRow, error: PayoutRefused): Promise<void> {
    if (error.kind === 'insufficient_funds') {
      await movePayout(db, payout.id, ['sending'], { state: 'queued', lastError: error.message }, payout);
      // The provider cannot pay: this currency's payouts wait and its directions close until a balance read shows enough.
      if (await setPayoutBlocked(db, payout.currencyCode, 'balance_short')) await catalog.changed();
      return;
    }
    if (error.kind === 'rate_limited' || error.kind === 'unavailable') {
      const notBefore = new Date(Date.now() + (error.retryAfterMs ?? 60_000));
      await movePayout(db, payout.id, ['sending'], { state: 'queued', notBefore, lastError: error.message }, payout);
      return;
    }
    await movePayout(db, payout.id, ['sending'], { state: 'failed', lastError: error.message }, payout);
  }

  /** Asks the provider about every payout whose outcome is open. */
  async function reconcile(): Promise<number> {
    const open = await payoutsToReconcile(db, timings.leaseSeconds, BATCH);
    for (const payout of open) {
      const account = await providers.forCurrency(payout.currencyCode);
      if (!account) continue;
      // A call cut off by a crash: its outcome is unknown until the provider says.
      const current =
        payout.state === 'sending' && payout.providerRef === null
          ? await movePayout(
              db,
              payout.id,
              ['sending'],
              { state: 'unknown', lastError: 'the call was cut off' },
              payout,
            )
          : payout;
      if (!current) continue;
      try {
        const outcome = await account.provider.lookup(
          requestOf(current, account.coin, account.network),
          current.prepared,
        );
        await settle(current, outcome);
      } catch (error) {
        await movePayout(db, current.id, [current.state], { lastError: `lookup: ${errorText(error)}` }, current);
      }
    }
    // Sent, but the ticket's completion was lost with a crash or an error: completed now.
    for (const { payout } of await sentWithOpenTicket(db, BATCH)) {
      await db
        .transaction((tx) =>
          tickets.transitionIn(tx, payout.ticketId, 'complete', { actor: 'system', payoutReference: payout.txid }),
        )
        .catch((error: unknown) =>
          log.error({ err: error, payout: payout.id }, 'ticket of a sent payout not completed'),
        );
    }
    return open.length;
  }

  return {
    reconcile,

    /** One run: settle what is open, then send what is due, one payout at a time. */
    async run(limit = BATCH): Promise<number> {
      await reconcile();
      let sent = 0;
      while (sent < limit) {
        const payout = await claim();
        if (!payout) break;
        await send(payout);
        sent += 1;
      }
      return sent;
    },

    /**
     * Reads each provider's balance; a balance below what waits to be paid out closes the
     * currency's directions (as a stale price does) until a read shows enough.
     */
    async readBalances(): Promise<void> {
      const waiting = await waitingByCurrency(db);
      let changed = false;
      for (const { currencyCode } of await listAccounts(db)) {
        const account = await providers.forCurrency(currencyCode);
        if (!account) continue;
        try {
          const balance = new Decimal(await account.provider.balance(account.coin, account.network));
          await saveBalance(db, currencyCode, { balance: balance.toFixed(), error: null });
          const short = balance.lte(0) || balance.lt(waiting.get(currencyCode) ?? '0');
          changed = (await setPayoutBlocked(db, currencyCode, short ? 'balance_short' : null)) || changed;
        } catch (error) {
          await saveBalance(db, currencyCode, { balance: null, error: errorText(error) });
        }
      }
      if (changed) await catalog.changed();
    },
  };
}

export type PayoutWorker = ReturnType<typeof createPayoutWorker>;
