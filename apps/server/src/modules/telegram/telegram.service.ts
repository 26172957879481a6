import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  TELEGRAM_ALERT_KINDS,
  trimAmount,
  type StaffTelegram,
  type TelegramAlertKind,
  type TelegramAlertSettings,
  type TelegramDeepLink,
  type TicketTelegram,
  type TicketTelegramLog,
} from '@obmen/shared';
import { ADMIN_BASE_PATH } from '@obmen/shared/routing';
import type { Database, DbOrTx, Tx } from '../../db/database';
import type { Actor } from '../admin/console';
import { writeAudit } from '../admin/admin.repository';
import type { QueuedMail } from '../mail/mailer';
import type { TicketRow } from '../tickets/tickets.repository';
import { BotApiError, type BotApi, type TelegramMessageUpdate } from './bot-api';
import { alertText, botReplies, chatLang, fitMessage, type AlertFacts } from './telegram.messages';
import {
  closeAlertsExcept,
  insertLinkToken,
  insertMessages,
  isStaffLinked,
  linkChat,
  lockDueMessages,
  markAttemptFailed,
  markSent,
  openAlert,
  postpone,
  readMeta,
  staffChats,
  staffOfLink,
  ticketChats,
  ticketMessages,
  ticketOfLink,
  unlinkChat,
  unlinkStaff,
  useLinkToken,
  writeMeta,
} from './telegram.repository';
import { currentConditions } from './telegram-conditions';

export interface TelegramOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** Null: no bot (TELEGRAM_BOT_TOKEN unset); everything here does nothing, and no link is offered. */
  api: BotApi | null;
  botUsername: string | null;
  /** Webhook mode when set (the secret Telegram sends back in X-Telegram-Bot-Api-Secret-Token); else long polling. */
  webhookSecret: string | null;
  publicUrl: string;
  timings?: Partial<TelegramTimings>;
}

export interface TelegramTimings {
  /** How long a deep link's token works. */
  linkSeconds: number;
  /** How long a call (other than a long poll) may take before it counts as timed out. */
  callTimeoutMs: number;
  /** getUpdates' long-poll wait. */
  pollSeconds: number;
  /** A try that timed out is tried again after `retryBaseSeconds · 2^(tries−1)`, at most `retryMaxSeconds`… */
  retryBaseSeconds: number;
  retryMaxSeconds: number;
  /** …and given up on after this many tries. */
  maxAttempts: number;
}

export const TELEGRAM_TIMINGS: TelegramTimings = {
  linkSeconds: 3600,
  callTimeoutMs: 10_000,
  pollSeconds: 25,
  retryBaseSeconds: 5,
  retryMaxSeconds: 600,
  maxAttempts: 8,
};

const BATCH = 20;
const OFFSET_KEY = 'telegram_update_offset';
const SETTINGS_KEY = 'telegram_alerts';
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const DEFAULT_ALERT_SETTINGS: TelegramAlertSettings = {
  kinds: Object.fromEntries(TELEGRAM_ALERT_KINDS.map((kind) => [kind, true])) as TelegramAlertSettings['kinds'],
  reserveBelow: {},
};

/**
 * Telegram (issue 46): a customer's ticket news and the operators' alerts, queued in the
 * transaction of the change they report (`telegram_outbox`) and delivered by `deliver`, which
 * processes share with SKIP LOCKED; `/start <token>` and `/stop` arrive by long polling or webhook.
 */
export function createTelegram(options: TelegramOptions) {
  const { database, log, api, botUsername, webhookSecret, publicUrl } = options;
  const db = database.db;
  const timings = { ...TELEGRAM_TIMINGS, ...options.timings };
  const enabled = api !== null;
  let stopped = false;
  const stopping = new AbortController();
  /** Flood control said wait (429): no call before this, in this process. */
  let pausedUntil = 0;
  let delivering: Promise<number> | null = null;

  const consoleLink = (ticketId: string) => `${publicUrl}${ADMIN_BASE_PATH}/tickets/${ticketId}`;

  async function settings(from: DbOrTx = db): Promise<TelegramAlertSettings> {
    const stored = await readMeta<Partial<TelegramAlertSettings>>(from, SETTINGS_KEY);
    return {
      kinds: { ...DEFAULT_ALERT_SETTINGS.kinds, ...stored?.kinds },
      reserveBelow: { ...stored?.reserveBelow },
    };
  }

  /** Queues an alert for every linked operator, in the caller's transaction; nothing when its kind is off. */
  async function alertIn(tx: DbOrTx, kind: TelegramAlertKind, facts: AlertFacts): Promise<void> {
    if (!enabled || !(await settings(tx)).kinds[kind]) return;
    const chats = await staffChats(tx);
    await insertMessages(
      tx,
      chats.map(({ chatId, lang }) => ({
        chatId,
        text: fitMessage(alertText(kind, facts, lang)),
        ticketId: null,
        kind: `alert_${kind}`,
      })),
    );
  }

  async function reply(tx: DbOrTx, chatId: string, text: string, ticketId: string | null = null) {
    await insertMessages(tx, [{ chatId, text, ticketId, kind: 'reply' }]);
  }

  async function newLink(target: { ticketId: string } | { userId: string }): Promise<TelegramDeepLink> {
    if (!enabled || !botUsername) throw new Error('Telegram is off');
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + timings.linkSeconds * 1000);
    await insertLinkToken(db, {
      tokenHash: hashToken(token),
      ticketId: 'ticketId' in target ? target.ticketId : null,
      userId: 'userId' in target ? target.userId : null,
      expiresAt,
    });
    return { url: `https://t.me/${botUsername}?start=${token}`, expiresAt: expiresAt.toISOString() };
  }

  /** `/start <token>` links the chat once; `/stop` unlinks it from everything. Replies are queued like any message. */
  async function handleUpdate(update: TelegramMessageUpdate): Promise<void> {
    const message = update.message;
    if (typeof message?.text !== 'string' || typeof message.chat?.id !== 'number' || message.chat.type !== 'private') {
      return;
    }
    const chatId = String(message.chat.id);
    const guessed = chatLang(message.from?.language_code);
    const command = /^\/(start|stop)(?:@\w+)?(?:\s+([A-Za-z0-9_-]{1,64}))?\s*$/.exec(message.text.trim());
    if (command?.[1] === 'stop') {
      await db.transaction(async (tx) => {
        await unlinkChat(tx, chatId, 'unlinked by /stop');
        await reply(tx, chatId, botReplies.stopped(guessed));
      });
      return;
    }
    const token = command?.[1] === 'start' ? command[2] : undefined;
    if (!token) {
      await reply(db, chatId, botReplies.hello(guessed));
      return;
    }
    await db.transaction(async (tx) => {
      const used = await useLinkToken(tx, hashToken(token));
      if (used?.ticketId) {
        const ticket = await ticketOfLink(tx, used.ticketId);
        if (ticket) {
          await linkChat(tx, chatId, { ticketId: ticket.id });
          return reply(tx, chatId, botReplies.ticketLinked(ticket.lang, ticket.number), ticket.id);
        }
      }
      if (used?.userId) {
        const staff = await staffOfLink(tx, used.userId);
        if (staff && staff.role !== 'user' && !staff.blocked) {
          await linkChat(tx, chatId, { userId: used.userId });
          return reply(tx, chatId, botReplies.staffLinked(staff.lang));
        }
      }
      return reply(tx, chatId, botReplies.badLink(guessed));
    });
  }

  const retryIn = (attempts: number) =>
    Math.min(timings.retryMaxSeconds, timings.retryBaseSeconds * 2 ** Math.max(0, attempts - 1));

  async function deliverBatch(): Promise<number> {
    if (!api || Date.now() < pausedUntil) return 0;
    return db.transaction(async (tx) => {
      const due = await lockDueMessages(tx, BATCH);
      for (const [index, message] of due.entries()) {
        try {
          await api.sendMessage(message.chatId, message.text);
          await markSent(tx, message.id);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          if (error instanceof BotApiError && error.retryAfter !== null) {
            // Flood control holds the whole bot: this and the rest of the batch wait as long as it says.
            pausedUntil = Date.now() + error.retryAfter * 1000;
            for (const rest of due.slice(index)) await postpone(tx, rest.id, reason, error.retryAfter);
            log.warn({ retryAfter: error.retryAfter }, 'telegram asked to wait');
            return 0;
          }
          if (error instanceof BotApiError && error.chatGone) {
            const links = await unlinkChat(tx, message.chatId, reason);
            log.info({ links }, 'telegram chat gone, unlinked');
          } else if (error instanceof BotApiError) {
            // A 400 (a chat that never existed, a text refused) will not pass by itself.
            await markAttemptFailed(tx, message.id, reason, null);
          } else {
            const tries = message.attempts + 1;
            await markAttemptFailed(tx, message.id, reason, tries >= timings.maxAttempts ? null : retryIn(tries));
          }
          log.warn({ telegramMessage: message.id, err: reason }, 'telegram delivery failed');
        }
      }
      return due.length;
    });
  }

  /** Delivers what is due, batch after batch; a call during a run waits for that run. */
  function deliver(): Promise<number> {
    delivering ??= (async () => {
      let total = 0;
      try {
        for (;;) {
          const sent = await deliverBatch();
          total += sent;
          if (sent < BATCH) break;
        }
      } finally {
        delivering = null;
      }
      return total;
    })();
    return delivering;
  }

  /** One long poll: what arrives is handled, and the offset moves past it only once it is (a crash reads it again). */
  async function pollOnce(): Promise<number> {
    if (!api) return 0;
    const offset = (await readMeta<number>(db, OFFSET_KEY)) ?? 0;
    const updates = await api.getUpdates(offset, timings.pollSeconds, stopping.signal);
    for (const update of updates) {
      try {
        await handleUpdate(update);
      } catch (error) {
        log.error({ err: error, updateId: update.update_id }, 'a telegram update could not be handled');
      }
      await writeMeta(db, OFFSET_KEY, update.update_id + 1);
    }
    if (updates.length > 0)
      void deliver().catch((error: unknown) => log.error({ err: error }, 'telegram delivery failed'));
    return updates.length;
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      stopping.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });

  /** Long polling in every process, one at a time (an advisory lock): Telegram answers 409 to a second poller. */
  async function pollLoop(): Promise<void> {
    let failures = 0;
    while (!stopped) {
      try {
        const { ran } = await database.tryLock('telegram-poll', async () => {
          await pollOnce();
        });
        failures = 0;
        if (!ran) await pause(5_000);
      } catch (error) {
        if (stopped) return;
        failures += 1;
        log.warn({ err: error instanceof Error ? error.message : String(error) }, 'telegram polling failed');
        await pause(Math.min(60_000, 1000 * 2 ** failures));
      }
    }
  }

  return {
    enabled,
    botUsername,
    webhookMode: webhookSecret !== null,
    settings,
    alertIn,

    /**
     * The entry point for any alert (an SLA clock turning red, issue 46's other part): queues it
     * for every linked operator unless its kind is off.
     */
    alert: (kind: TelegramAlertKind, facts: AlertFacts, tx: DbOrTx = db) => alertIn(tx, kind, facts),

    /** A ticket's mail (a status, "payment seen") to the chats following it, in the mail's transaction. */
    async ticketMessageIn(tx: Tx, row: Pick<TicketRow, 'id'>, mail: QueuedMail): Promise<void> {
      if (!enabled) return;
      const chats = await ticketChats(tx, row.id);
      const text = fitMessage(mail.content.text.trim());
      await insertMessages(
        tx,
        chats.map((chatId) => ({ chatId, text, ticketId: row.id, kind: mail.kind })),
      );
    },

    /** The operators' alerts a status change makes, in its transaction. */
    async statusChangedIn(tx: Tx, before: TicketRow, after: TicketRow): Promise<void> {
      if (!enabled || before.status === after.status) return;
      const facts = { number: after.number, link: consoleLink(after.id) };
      // Back from frozen is the operator's own doing; from anywhere else it is a paid ticket to pay out.
      if (after.status === 'new' && before.status !== 'frozen') {
        const detail = `${trimAmount(after.giveSum)} ${after.giveCode} → ${trimAmount(after.getSum)} ${after.getCode}`;
        await alertIn(tx, 'ticket_paid', { ...facts, detail });
      }
      // AML held the payment (issue 48): someone must decide before the deadline opens the refund.
      if (after.status === 'on_review') {
        await alertIn(tx, 'aml_review', {
          ...facts,
          ...(after.reviewDeadline && {
            detail: `${after.reviewDeadline.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
          }),
        });
      }
      if (after.status === 'payment_problem') {
        await alertIn(tx, 'payment_problem', {
          ...facts,
          ...(after.paymentProblem && { detail: after.paymentProblem }),
        });
      }
    },

    /** A card photo came in for checking (the first one of a ticket). */
    cardPhotoSentIn: (tx: Tx, ticket: Pick<TicketRow, 'id' | 'number'>) =>
      alertIn(tx, 'card_check', { number: ticket.number, link: consoleLink(ticket.id) }),

    async ticketStatus(ticketId: string): Promise<TicketTelegram> {
      if (!enabled || !botUsername) return { enabled: false, chats: 0 };
      return { enabled: true, chats: (await ticketChats(db, ticketId)).length };
    },
    ticketLink: (ticketId: string) => newLink({ ticketId }),
    staffLink: (userId: string) => newLink({ userId }),
    unlinkStaff: (userId: string) => unlinkStaff(db, userId),

    async staffStatus(userId: string): Promise<StaffTelegram> {
      return {
        enabled: enabled && botUsername !== null,
        botUsername,
        linked: await isStaffLinked(db, userId),
        settings: await settings(),
      };
    },

    /** An admin's choice of alerts, audited with it. */
    async saveSettings(next: TelegramAlertSettings, actor: Actor): Promise<TelegramAlertSettings> {
      return db.transaction(async (tx) => {
        const before = await settings(tx);
        await writeMeta(tx, SETTINGS_KEY, next);
        const after = await settings(tx);
        await writeAudit(tx, {
          actorId: actor.id,
          actorName: actor.username,
          action: 'update',
          resource: 'telegram_alerts',
          resourceId: 'telegram_alerts',
          before,
          after,
        });
        return after;
      });
    },

    async ticketLog(ticketId: string): Promise<TicketTelegramLog> {
      const [chats, messages] = await Promise.all([ticketChats(db, ticketId), ticketMessages(db, ticketId)]);
      return {
        chats: chats.length,
        messages: messages.map((m) => ({
          id: m.id,
          kind: m.kind,
          state: m.state,
          attempts: m.attempts,
          lastError: m.lastError,
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
        })),
      };
    },

    /** Whether a webhook call carries the secret (compared in constant time). */
    webhookAllowed(header: string | undefined): boolean {
      if (!webhookSecret || header === undefined) return false;
      const given = Buffer.from(header);
      const expected = Buffer.from(webhookSecret);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    async handleWebhook(update: TelegramMessageUpdate): Promise<void> {
      await handleUpdate(update);
      void deliver().catch((error: unknown) => log.error({ err: error }, 'telegram delivery failed'));
    },

    handleUpdate,
    deliver,
    pollOnce,

    /**
     * The periodic check (a job): the conditions that hold now (a payout unknown or awaiting approval,
     * a ticket past its SLA's red line, a price stale, a chain source down, a reserve under its threshold) alert once each, and again
     * only after they cleared and came back.
     */
    async checkAlerts(): Promise<number> {
      if (!enabled) return 0;
      const current = await currentConditions(db, (await settings()).reserveBelow, consoleLink);
      let alerted = 0;
      for (const [kind, conditions] of current) {
        await db.transaction(async (tx) => {
          await closeAlertsExcept(
            tx,
            kind,
            conditions.map((c) => c.key),
          );
          for (const condition of conditions) {
            if (await openAlert(tx, condition.key, kind)) {
              await alertIn(tx, kind, condition.facts);
              alerted += 1;
            }
          }
        });
      }
      return alerted;
    },

    /** Polling mode: the webhook is removed and the poll loop starts; webhook mode: Telegram is told where to post. */
    async start(): Promise<void> {
      if (!api) return;
      if (webhookSecret) {
        await api
          .setWebhook(`${publicUrl}/api/telegram/webhook`, webhookSecret)
          .catch((error: unknown) =>
            log.error({ err: error instanceof Error ? error.message : error }, 'telegram setWebhook failed'),
          );
        return;
      }
      await api
        .deleteWebhook()
        .catch((error: unknown) =>
          log.warn({ err: error instanceof Error ? error.message : error }, 'telegram deleteWebhook failed'),
        );
      void pollLoop();
    },

    async stop(): Promise<void> {
      stopped = true;
      stopping.abort();
      await delivering?.catch(() => undefined);
    },
  };
}

export type Telegram = ReturnType<typeof createTelegram>;
