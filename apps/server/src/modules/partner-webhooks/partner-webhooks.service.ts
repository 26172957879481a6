import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  MAX_WEBHOOK_ENDPOINTS,
  pagePath,
  trimAmount,
  type WebhookDeliveries,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookSecret,
} from '@obmen/shared';
import type { Db, DbOrTx, Tx } from '../../db/database';
import { AppError, NotFoundError } from '../../http/errors';
import type { SecretSealer } from '../accounts/two-factor-secret';
import { writeAudit } from '../admin/admin.repository';
import type { Mailer, QueuedMail } from '../mail/mailer';
import { listPayments, type TicketPaymentRow } from '../tickets/ticket-payments.repository';
import type { TicketRow } from '../tickets/tickets.repository';
import type { TicketNotifier } from '../tickets/tickets.service';
import { endpointPausedMail } from './partner-webhooks.mails';
import {
  claimDue,
  countEndpoints,
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  findEndpointById,
  insertAttempt,
  insertDeliveries,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  lockOwner,
  markDelivered,
  markFailed,
  ownerOf,
  pauseFailing,
  subscribedEndpoints,
  updateEndpoint,
  type AttemptRow,
  type DeliveryRow,
  type EndpointRow,
} from './partner-webhooks.repository';
import { checkWebhookAddress, type WebhookAddressRules } from './webhook-address';
import type { WebhookResponse, WebhookSender } from './webhook-sender';
import { signatureHeader } from './webhook-signature';

export interface WebhookTimings {
  /** A POST without a full answer by then is a failed try. */
  timeoutMs: number;
  /** The first retry after about this long, doubling each time (with ±20 % jitter) up to `retryMaxSeconds`. */
  retryBaseSeconds: number;
  retryMaxSeconds: number;
  /** Retries stop this long after the first try: the delivery is `failed`. */
  retryForSeconds: number;
  /** Failed tries in a row (over all its deliveries) that pause an endpoint and mail its owner. */
  pauseAfterFailures: number;
  /** A claimed delivery is another process's again after this long (this one crashed mid-call). */
  leaseSeconds: number;
}

export const WEBHOOK_TIMINGS: WebhookTimings = {
  timeoutMs: 10_000,
  retryBaseSeconds: 30,
  retryMaxSeconds: 3600,
  retryForSeconds: 86_400,
  pauseAfterFailures: 20,
  leaseSeconds: 60,
};

const BATCH = 20;
const REDELIVER_TIMEOUT_MS = 7000;
const LOG_SIZE = 50;

export interface PartnerWebhooksOptions {
  db: Db;
  sealer: SecretSealer;
  sender: WebhookSender;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  addressRules: WebhookAddressRules;
  timings?: Partial<WebhookTimings>;
}

/** Sealed secrets are bound to their endpoint: a sealed text copied to another row does not open. */
const secretOwner = (endpointId: string) => `webhook:${endpointId}`;
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
const endpointNotFound = () => new NotFoundError('webhook.notFound');

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    pausedBy: row.pausedAt ? (row.pausedBy ?? 'partner') : null,
    consecutiveFailures: row.consecutiveFailures,
    previousSecretUntil:
      row.sealedPreviousSecret && row.previousUntil && row.previousUntil.getTime() > Date.now()
        ? row.previousUntil.toISOString()
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDelivery(delivery: DeliveryRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    type: delivery.type as WebhookEvent,
    ticketId: delivery.ticketId,
    state: delivery.state,
    nextAttemptAt: delivery.state === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
    createdAt: delivery.createdAt.toISOString(),
    attempts: attempts.map((attempt) => ({
      at: attempt.createdAt.toISOString(),
      trigger: attempt.trigger,
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      error: attempt.error,
      responseBody: attempt.responseBody,
    })),
  };
}

/** What an event tells of its ticket: no requisites, no e-mail; amounts as exact decimal strings. */
export function ticketEventData(row: TicketRow, payments: TicketPaymentRow[]) {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    give: { currency: row.giveCode, amount: trimAmount(row.giveSum) },
    get: { currency: row.getCode, amount: trimAmount(row.getSum) },
    txids: {
      payments: payments.map((payment) => payment.txid),
      payout: row.payoutReference,
      refund: row.refundTxid,
    },
  };
}

/** Which status change a partner hears of: a ticket paid (not back from frozen), a problem, and each end but a cancel. */
function statusEvent(before: TicketRow, after: TicketRow): WebhookEvent | null {
  if (before.status === after.status) return null;
  if (after.status === 'new') return before.status === 'frozen' ? null : 'ticket.paid';
  if (after.status === 'payment_problem') return 'ticket.problem';
  if (after.status === 'success') return 'ticket.success';
  if (after.status === 'error') return 'ticket.error';
  if (after.status === 'refunded') return 'ticket.refunded';
  return null;
}

/**
 * Partners' signed webhooks (issue 47): endpoints of an account, the events of the tickets it
 * referred queued in the transaction of each change (as the mail outbox), and `deliver`, which
 * processes share by claiming due rows with SKIP LOCKED.
 */
export function createPartnerWebhooks(options: PartnerWebhooksOptions) {
  const { db, sealer, sender, mailer, log, publicUrl, addressRules } = options;
  const timings = { ...WEBHOOK_TIMINGS, ...options.timings };

  async function owned(userId: string, id: string): Promise<EndpointRow> {
    const row = await findEndpoint(db, userId, id);
    if (!row) throw endpointNotFound();
    return row;
  }

  /** The events of one change, one delivery per endpoint of the ticket's partner that listens to it, in `tx`. */
  async function eventIn(tx: DbOrTx, row: TicketRow, type: WebhookEvent): Promise<void> {
    if (!row.referrerId) return;
    const endpoints = await subscribedEndpoints(tx, row.referrerId, type);
    if (endpoints.length === 0) return;
    const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
    const body = JSON.stringify({
      id: eventId,
      type,
      created: Math.floor(Date.now() / 1000),
      data: ticketEventData(row, await listPayments(tx, row.id)),
    });
    await insertDeliveries(
      tx,
      endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventId, type, ticketId: row.id, body })),
    );
  }

  /** The secrets that sign now: the current one, and the one before it while its overlap lasts. */
  function signingSecrets(endpoint: EndpointRow): string[] {
    const secrets = [sealer.open(secretOwner(endpoint.id), endpoint.sealedSecret)];
    if (endpoint.sealedPreviousSecret && endpoint.previousUntil && endpoint.previousUntil.getTime() > Date.now()) {
      secrets.push(sealer.open(secretOwner(endpoint.id), endpoint.sealedPreviousSecret));
    }
    return secrets;
  }

  /** One POST of a delivery, its URL checked again (DNS may answer differently now), signed afresh. */
  async function post(endpoint: EndpointRow, delivery: DeliveryRow, timeoutMs?: number): Promise<WebhookResponse> {
    const started = Date.now();
    let target;
    try {
      target = await checkWebhookAddress(endpoint.url, addressRules);
    } catch (error) {
      const reason = error instanceof AppError ? error.code : String(error);
      return { ok: false, error: `refused: ${reason}`, durationMs: Date.now() - started };
    }
    const signature = signatureHeader(Math.floor(Date.now() / 1000), delivery.body, signingSecrets(endpoint));
    return sender.post(
      target,
      delivery.body,
      {
        'obmen-signature': signature,
        'obmen-event-id': delivery.eventId,
        'obmen-event-type': delivery.type,
      },
      timeoutMs,
    );
  }

  const succeeded = (response: WebhookResponse): response is WebhookResponse & { ok: true } =>
    response.ok && response.statusCode >= 200 && response.statusCode < 300;
  const failureOf = (response: WebhookResponse) =>
    response.ok
      ? { statusCode: response.statusCode, error: `answered ${response.statusCode}` }
      : { statusCode: null, error: response.error };

  function attemptRow(delivery: DeliveryRow, response: WebhookResponse, trigger: 'schedule' | 'redeliver') {
    return {
      deliveryId: delivery.id,
      trigger,
      statusCode: response.ok ? response.statusCode : null,
      durationMs: response.durationMs,
      error: response.ok ? null : response.error.slice(0, 500),
      responseBody: response.ok ? response.body : null,
    };
  }

  /** Exponential, with ±20 % jitter so the retries of many deliveries do not arrive together. */
  function retryInSeconds(attempts: number): number {
    const base = Math.min(timings.retryMaxSeconds, timings.retryBaseSeconds * 2 ** Math.max(0, attempts - 1));
    return Math.max(1, Math.round(base * (0.8 + Math.random() * 0.4)));
  }

  async function pauseIn(tx: Tx, endpoint: EndpointRow): Promise<void> {
    if (!(await pauseFailing(tx, endpoint.id))) return;
    const owner = await ownerOf(tx, endpoint.userId);
    if (!owner) return;
    const mail: QueuedMail = {
      to: owner.email,
      lang: owner.lang,
      kind: 'webhook_paused',
      content: endpointPausedMail(
        owner.lang,
        owner.username,
        endpoint.url,
        endpoint.consecutiveFailures,
        `${publicUrl}${pagePath(owner.lang, 'user_partner')}`,
      ),
    };
    await mailer.enqueue(tx, mail);
    log.warn({ endpointId: endpoint.id, failures: endpoint.consecutiveFailures }, 'webhook endpoint paused');
  }

  /** A claimed delivery's try: the attempt logged, and delivered, retried later, or failed for good. */
  async function attempt(delivery: DeliveryRow): Promise<boolean> {
    const endpoint = await findEndpointById(db, delivery.endpointId);
    if (!endpoint) return false;
    const response = await post(endpoint, delivery);
    const ok = succeeded(response);
    let paused = false;
    await db.transaction(async (tx) => {
      await insertAttempt(tx, attemptRow(delivery, response, 'schedule'));
      if (ok) return markDelivered(tx, delivery, response.statusCode);
      const firstAt = delivery.firstAttemptAt ?? new Date();
      const retry = retryInSeconds(delivery.attempts + 1);
      const giveUp = Date.now() + retry * 1000 - firstAt.getTime() > timings.retryForSeconds * 1000;
      const after = await markFailed(tx, delivery, failureOf(response), giveUp ? null : retry);
      if (after.consecutiveFailures >= timings.pauseAfterFailures && !after.pausedAt) {
        await pauseIn(tx, after);
        paused = true;
      }
    });
    if (paused) void mailer.flush();
    return ok;
  }

  const notifier: TicketNotifier & { ticketCreatedIn(tx: Tx, row: TicketRow): Promise<void> } = {
    ticketCreatedIn: (tx, row) => eventIn(tx, row, 'ticket.created'),
    async ticketMessageIn(tx, row, mail) {
      if (mail.kind === 'ticket_payment_seen') await eventIn(tx, row, 'ticket.payment_seen');
    },
    async statusChangedIn(tx, before, after) {
      const type = statusEvent(before, after);
      if (type) await eventIn(tx, after, type);
    },
  };

  let delivering: Promise<number> | null = null;

  return {
    notifier,

    async list(userId: string): Promise<WebhookEndpoint[]> {
      return (await listEndpoints(db, userId)).map(toEndpoint);
    },

    async create(userId: string, body: { url: string; events: WebhookEvent[] }): Promise<WebhookSecret> {
      await checkWebhookAddress(body.url, addressRules);
      const id = randomUUID();
      const secret = newSecret();
      const row = await db.transaction(async (tx) => {
        await lockOwner(tx, userId);
        if ((await countEndpoints(tx, userId)) >= MAX_WEBHOOK_ENDPOINTS) {
          throw new AppError(409, 'webhook_limit', 'webhook.tooMany', { max: MAX_WEBHOOK_ENDPOINTS });
        }
        return insertEndpoint(tx, {
          id,
          userId,
          url: body.url,
          events: body.events,
          sealedSecret: sealer.seal(secretOwner(id), secret),
        });
      });
      return { endpoint: toEndpoint(row), secret };
    },

    /** Paused by its owner, or resumed: a resumed endpoint starts counting failures afresh. */
    async setPaused(userId: string, id: string, paused: boolean): Promise<WebhookEndpoint> {
      const row = await updateEndpoint(
        db,
        userId,
        id,
        paused
          ? { pausedAt: new Date(), pausedBy: 'partner' }
          : { pausedAt: null, pausedBy: null, consecutiveFailures: 0 },
      );
      if (!row) throw endpointNotFound();
      return toEndpoint(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await deleteEndpoint(db, userId, id))) throw endpointNotFound();
    },

    /** A new secret, shown once; the old one keeps signing beside it for `overlapHours`. */
    async rotate(userId: string, id: string, overlapHours: number): Promise<WebhookSecret> {
      const current = await owned(userId, id);
      const secret = newSecret();
      const row = await updateEndpoint(db, userId, id, {
        sealedSecret: sealer.seal(secretOwner(id), secret),
        sealedPreviousSecret: overlapHours > 0 ? current.sealedSecret : null,
        previousUntil: overlapHours > 0 ? new Date(Date.now() + overlapHours * 3_600_000) : null,
      });
      if (!row) throw endpointNotFound();
      return { endpoint: toEndpoint(row), secret };
    },

    async deliveries(userId: string, id: string): Promise<WebhookDeliveries> {
      await owned(userId, id);
      const rows = await listDeliveries(db, id, LOG_SIZE);
      return { items: rows.map(({ delivery, attempts }) => toDelivery(delivery, attempts)) };
    },

    /**
     * The same event (id and body) sent again now, at the partner's asking, whatever its state; the
     * try is logged and audited. A success marks it delivered; a failure leaves its schedule as it was.
     */
    async redeliver(userId: string, username: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
      const endpoint = await owned(userId, id);
      const delivery = await findDelivery(db, id, deliveryId);
      if (!delivery) throw endpointNotFound();
      // The partner's page waits on this call, and gives up after 10 s: the endpoint gets less.
      const response = await post(endpoint, delivery, Math.min(timings.timeoutMs, REDELIVER_TIMEOUT_MS));
      await db.transaction(async (tx) => {
        await insertAttempt(tx, attemptRow(delivery, response, 'redeliver'));
        if (succeeded(response)) await markDelivered(tx, delivery, response.statusCode);
        await writeAudit(tx, {
          actorId: userId,
          actorName: username,
          action: 'webhook.redeliver',
          resource: 'partner_webhook_delivery',
          resourceId: delivery.id,
          before: { state: delivery.state, eventId: delivery.eventId },
          after: { statusCode: response.ok ? response.statusCode : null, error: response.ok ? null : response.error },
        });
      });
      const [row] = (await listDeliveries(db, id, LOG_SIZE)).filter((entry) => entry.delivery.id === deliveryId);
      return row ? toDelivery(row.delivery, row.attempts) : toDelivery(delivery, []);
    },

    /**
     * The job: claims due deliveries in batches and posts them together; one run at a time in this
     * process, any number of processes beside it. Returns how many were delivered.
     */
    deliver(): Promise<number> {
      delivering ??= (async () => {
        let delivered = 0;
        try {
          for (;;) {
            const claimed = await claimDue(db, BATCH, timings.leaseSeconds);
            const outcomes = await Promise.all(claimed.map((delivery) => attempt(delivery)));
            delivered += outcomes.filter(Boolean).length;
            if (claimed.length < BATCH) return delivered;
          }
        } finally {
          delivering = null;
        }
      })();
      return delivering;
    },
  };
}

export type PartnerWebhooks = ReturnType<typeof createPartnerWebhooks>;
