import type { AdminAmlSettings, AmlReviewReason } from '@obmen/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { Actor } from '../admin/console';
import { writeAudit } from '../admin/admin.repository';
import type { Catalog } from '../exchange/exchange.catalog';
import type { CurrencyRow } from '../exchange/exchange.repository';
import type { Mailer } from '../mail/mailer';
import type { IncomingPayment } from '../tickets/incoming-payments.service';
import { listPayments } from '../tickets/ticket-payments.repository';
import { findTicket, lockTicket, updateTicket, type TicketRow } from '../tickets/tickets.repository';
import type { TicketsService } from '../tickets/tickets.service';
import { NETWORK_OF_ADDRESS, NETWORK_OF_CHAIN, type AmlAnswer, type AmlProvider } from './aml-provider';
import {
  findScreening,
  listUnansweredReviews,
  lockOverdueReview,
  readAmlSettings,
  saveScreening,
  worstPaymentScore,
  writeAmlSettings,
  type AmlScreeningRow,
} from './aml.repository';

/** A deposit's review: why, and until when the operator decides. */
export interface DepositReview {
  reason: AmlReviewReason;
  deadline: Date;
}

/** How a pending check is waited for within one call: a few polls, then it counts as unanswered. */
export interface AmlPolling {
  times: number;
  everyMs: number;
}

/** An address's score is trusted this long: an address can turn risky later, a mined transaction cannot. */
const ADDRESS_SCORE_TTL_MS = 24 * 3_600_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Screened = Pick<AmlScreeningRow, 'state' | 'score'>;

/**
 * AML screening (issue 48): the payout address at a ticket's creation, the deposit when its payment
 * counts, and the deadline of the reviews that follow. The provider is behind `AmlProvider`.
 */
export function createAmlScreening({
  db,
  provider,
  catalog,
  tickets,
  mailer,
  log,
  polling = { times: 3, everyMs: 2_000 },
}: {
  db: Db;
  provider: AmlProvider;
  catalog: Catalog;
  tickets: TicketsService;
  mailer: Mailer;
  log: FastifyBaseLogger;
  polling?: AmlPolling;
}) {
  /**
   * The provider's score of one subject, asked once and kept: a check still running is polled a few
   * times; no usable answer is recorded as failed (and asked again next time), never thrown.
   */
  async function screen(
    key: Pick<AmlScreeningRow, 'kind' | 'network' | 'subject'>,
    ask: () => Promise<AmlAnswer>,
  ): Promise<Screened> {
    const known = await findScreening(db, key);
    const fresh =
      known && (key.kind === 'transaction' || Date.now() - known.updatedAt.getTime() < ADDRESS_SCORE_TTL_MS);
    if (known?.state === 'done' && fresh) return known;
    try {
      let answer = known?.state === 'pending' && known.uid ? await provider.poll(known.uid) : await ask();
      for (let i = 0; answer.state === 'pending' && i < polling.times; i += 1) {
        await sleep(polling.everyMs);
        answer = await provider.poll(answer.uid);
      }
      const row =
        answer.state === 'done'
          ? { state: 'done' as const, uid: null, score: answer.score, signals: answer.signals, error: null }
          : { state: 'pending' as const, uid: answer.uid, score: null, signals: {}, error: null };
      await saveScreening(db, { ...key, ...row });
      return row;
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      log.warn({ ...key, error: message }, 'AML screening unavailable');
      await saveScreening(db, { ...key, state: 'failed', uid: null, score: null, signals: {}, error: message });
      return { state: 'failed', score: null };
    }
  }

  /** The get side's address field and its provider network, when the provider screens that network. */
  function payoutAddressOf(get: CurrencyRow, requisites: Record<string, string>) {
    const field = get.getFields.find((f) => f.kind === 'address');
    const network = field?.format && NETWORK_OF_ADDRESS[field.format];
    const address = field && requisites[field.name]?.trim();
    return network && address ? { network, address } : null;
  }

  const screenAddress = (network: string, address: string) =>
    screen({ kind: 'address', network, subject: address }, () => provider.screenAddress(network, address));

  /**
   * What the ticket's payments (`txids` screened now, the rest as last screened) and its payout
   * address call for: null to pay out, else the review's reason and deadline.
   */
  async function reviewOf(ticket: TicketRow, txids: string[]): Promise<DepositReview | null> {
    if (!ticket.depositChain || !ticket.depositAddress) return null;
    const network = NETWORK_OF_CHAIN[ticket.depositChain];
    const address = ticket.depositAddress;
    const deposits: Screened[] = [];
    for (const txid of txids) {
      deposits.push(
        await screen({ kind: 'transaction', network, subject: txid }, () =>
          provider.screenTransaction(network, txid, address),
        ),
      );
    }
    const settings = await readAmlSettings(db);
    const deadline = new Date(Date.now() + settings.reviewHours * 3_600_000);
    const worst = Math.max(
      (await worstPaymentScore(db, ticket.id, network)) ?? 0,
      ...deposits.map((d) => d.score ?? 0),
    );
    if (worst >= settings.reviewScore) return { reason: 'aml_risk', deadline };
    const get = catalog.get().currencies.get(ticket.getCode)?.row;
    const payout = get && payoutAddressOf(get, ticket.requisites.get);
    const screened = payout ? await screenAddress(payout.network, payout.address) : null;
    if (screened?.state === 'done' && screened.score !== null && screened.score >= settings.refuseScore) {
      return { reason: 'aml_address', deadline };
    }
    if (deposits.some((d) => d.state !== 'done') || (screened && screened.state !== 'done')) {
      return { reason: 'aml_unavailable', deadline };
    }
    return null;
  }

  return {
    /**
     * Before a ticket is made: a payout address at or above the refusal threshold is refused, and
     * nothing is held. When the provider cannot answer the ticket is made (the site keeps working)
     * and the address is screened again when the payment counts, before anything is paid out.
     */
    async screenPayout(get: CurrencyRow, requisites: Record<string, string>): Promise<void> {
      const payout = payoutAddressOf(get, requisites);
      if (!payout) return;
      const screened = await screenAddress(payout.network, payout.address);
      const { refuseScore } = await readAmlSettings(db);
      if (screened.state === 'done' && screened.score !== null && screened.score >= refuseScore) {
        throw new AppError(422, 'aml_address_refused', 'ticket.amlAddressRefused', { score: screened.score });
      }
    },

    /**
     * A watched payment that counts now: its sending side screened (with the ticket's earlier
     * payments), and the payout address again if it was not screened at creation. Null: pay out as
     * usual. Called before the payment's transaction, so no lock waits for the provider.
     */
    async depositReview(obs: IncomingPayment): Promise<DepositReview | null> {
      const ticket = await findTicket(db, obs.ticketId);
      return ticket ? reviewOf(ticket, [obs.txid]) : null;
    },

    /**
     * Reviews held only because the provider did not answer, screened again now that it may: clean,
     * the ticket is paid and its payout goes on; risky, the review keeps its deadline with the real
     * reason. Each decided under the ticket's lock, so an operator's step at the same moment wins whole.
     */
    async recheckUnanswered(limit = 20): Promise<number> {
      let decided = 0;
      for (const waiting of await listUnansweredReviews(db, limit)) {
        const counted = (await listPayments(db, waiting.id)).filter((p) => p.confirmedAt && !p.goneAt);
        const review = await reviewOf(
          waiting,
          counted.map((p) => p.txid),
        );
        if (review?.reason === 'aml_unavailable') continue;
        const moved = await db.transaction(async (tx) => {
          const ticket = await lockTicket(tx, waiting.id);
          if (ticket?.status !== 'on_review' || ticket.statusReason !== 'aml_unavailable') return null;
          const audit = (after: TicketRow) =>
            writeAudit(tx, {
              actorId: null,
              actorName: 'system',
              action: 'amlRescreened',
              resource: 'tickets',
              resourceId: ticket.id,
              before: { status: ticket.status, reason: ticket.statusReason },
              after: { status: after.status, reason: after.statusReason },
            });
          if (review) {
            const after = await updateTicket(tx, ticket.id, { statusReason: review.reason });
            await audit(after);
            return after;
          }
          return tickets.transitionIn(tx, ticket.id, 'clearReview', {
            actor: 'system',
            note: null,
            within: (_tx, _before, after) => audit(after),
          });
        });
        if (!moved) continue;
        decided += 1;
        catalog.forgetReserve(moved.getCode);
      }
      if (decided > 0) void mailer.flush();
      return decided;
    },

    /**
     * Reviews past their deadline with no operator's decision: the refund opens for the client (a
     * payment problem whose only choice is the refund). Each in its own transaction; the ticket's
     * lock makes an operator's decision at the same moment win or lose whole.
     */
    async expireReviews(limit = 100): Promise<number> {
      let expired = 0;
      while (expired < limit) {
        const done = await db.transaction(async (tx) => {
          const due = await lockOverdueReview(tx);
          if (!due) return null;
          return tickets.transitionIn(tx, due.id, 'refuseReview', {
            actor: 'system',
            note: 'aml_review_expired',
            within: (inner, before, after) =>
              writeAudit(inner, {
                actorId: null,
                actorName: 'system',
                action: 'amlReviewExpired',
                resource: 'tickets',
                resourceId: due.id,
                before: { status: before.status, reason: before.statusReason },
                after: { status: after.status, paymentProblem: after.paymentProblem },
              }),
          });
        });
        if (!done) break;
        expired += 1;
        catalog.forgetReserve(done.getCode);
      }
      if (expired > 0) void mailer.flush();
      return expired;
    },

    async settings(): Promise<AdminAmlSettings> {
      const { reviewScore, refuseScore, reviewHours } = await readAmlSettings(db);
      return { reviewScore, refuseScore, reviewHours };
    },

    async saveSettings(actor: Actor, change: AdminAmlSettings): Promise<AdminAmlSettings> {
      return db.transaction(async (tx) => {
        const before = await readAmlSettings(tx);
        const { reviewScore, refuseScore, reviewHours } = await writeAmlSettings(tx, change);
        const after = { reviewScore, refuseScore, reviewHours };
        await writeAudit(tx, {
          actorId: actor.id,
          actorName: actor.username,
          action: 'update',
          resource: 'aml_settings',
          resourceId: '1',
          before: { reviewScore: before.reviewScore, refuseScore: before.refuseScore, reviewHours: before.reviewHours },
          after,
        });
        return after;
      });
    },
  };
}

export type AmlScreening = ReturnType<typeof createAmlScreening>;
