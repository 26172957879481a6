import { TICKET_MESSAGE_DAYS_AFTER_FINISH, TICKET_MESSAGE_MAX_LENGTH, type TicketThread } from '@obmen/shared';
import type { Db, DbOrTx } from '../../db/database';
import { AppError, NotFoundError, TooManyRequestsError } from '../../http/errors';
import type { UserRow } from '../accounts/accounts.repository';
import { writeAudit } from '../admin/admin.repository';
import type { Actor } from '../admin/console';
import type { Mailer } from '../mail/mailer';
import type { RateLimitStore } from '../rate-limits/rate-limit-store';
import type { Limit } from '../rate-limits/rate-limit.guard';
import { findTicket, type TicketRow } from '../tickets/tickets.repository';
import type { TicketsService } from '../tickets/tickets.service';
import { customerMessageMail, operatorAnswerMail } from './ticket-messages.mails';
import {
  countUnreadThreads,
  insertMessage,
  listMessages,
  markRead,
  staffAddresses,
  type MessageAuthor,
} from './ticket-messages.repository';

export interface TicketMessageLimits {
  perTicket: Limit;
  perAddress: Limit;
}
/**
 * A customer asking and adding details writes a few messages an hour; every one mails every
 * operator, so a thread cannot become a way to flood their inboxes, nor one address many threads.
 */
export const DEFAULT_TICKET_MESSAGE_LIMITS: TicketMessageLimits = {
  perTicket: { max: 10, windowSeconds: 3600 },
  perAddress: { max: 30, windowSeconds: 3600 },
};

const DAY_MS = 86_400_000;

export interface TicketMessagesOptions {
  db: Db;
  tickets: TicketsService;
  mailer: Mailer;
  rateLimits: RateLimitStore;
  publicUrl: string;
  limits?: TicketMessageLimits;
}

/** Until when a ticket takes its customer's messages: null while it is open (no end yet). */
function closesAt(ticket: TicketRow): Date | null {
  return ticket.finishedAt ? new Date(ticket.finishedAt.getTime() + TICKET_MESSAGE_DAYS_AFTER_FINISH * DAY_MS) : null;
}

/** The thread on a ticket (issue 46): the customer's side through the ticket's access, the console's beside it. */
export function createTicketMessagesService({
  db,
  tickets,
  mailer,
  rateLimits,
  publicUrl,
  limits = DEFAULT_TICKET_MESSAGE_LIMITS,
}: TicketMessagesOptions) {
  async function threadOf(ticket: TicketRow, forOperator: boolean): Promise<TicketThread> {
    const rows = await listMessages(db, ticket.id);
    const until = closesAt(ticket);
    return {
      items: rows.map(({ message, operator }) => ({
        id: message.id,
        author: message.author,
        // Customers see "the operator": a name is the console's, not the public's.
        operator: forOperator && message.author === 'operator' ? operator : null,
        body: message.body,
        createdAt: message.createdAt.toISOString(),
        readAt: message.readAt?.toISOString() ?? null,
      })),
      open: !until || until.getTime() > Date.now(),
      closesAt: until?.toISOString() ?? null,
      maxLength: TICKET_MESSAGE_MAX_LENGTH,
    };
  }

  async function audit(
    tx: DbOrTx,
    who: { id: string | null; name: string },
    ticketId: string,
    message: { id: string; author: MessageAuthor; body: string },
  ) {
    await writeAudit(tx, {
      actorId: who.id,
      actorName: who.name,
      action: 'message',
      resource: 'tickets',
      resourceId: ticketId,
      before: null,
      // The text stays in its own table (never edited); the audit says who wrote what, when, how long.
      after: { messageId: message.id, author: message.author, length: message.body.length },
    });
  }

  /** Both counters move on every try, so neither the ticket nor the address gets a free one. */
  async function countAttempt(ticketId: string, address: string): Promise<void> {
    const [ticket, from] = await Promise.all([
      rateLimits.hit(`ticket-message:ticket:${ticketId}`, limits.perTicket.windowSeconds),
      rateLimits.hit(`ticket-message:address:${address}`, limits.perAddress.windowSeconds),
    ]);
    const over = [
      ticket.count > limits.perTicket.max ? ticket.retryAfterSeconds : 0,
      from.count > limits.perAddress.max ? from.retryAfterSeconds : 0,
    ];
    const wait = Math.max(...over);
    if (wait > 0) throw new TooManyRequestsError('ticket.messagesTooMany', wait);
  }

  return {
    /** The customer's thread: reading it marks the operators' answers read. */
    async thread(ticketId: string, requester: UserRow | null): Promise<TicketThread> {
      const ticket = await tickets.readable(ticketId, requester);
      await markRead(db, ticket.id, 'operator');
      return threadOf(ticket, false);
    },

    /** The customer writes: while the ticket is open and for some days after; mailed to every operator. */
    async post(ticketId: string, requester: UserRow | null, body: string, address: string): Promise<TicketThread> {
      const ticket = await tickets.readable(ticketId, requester);
      const until = closesAt(ticket);
      if (until && until.getTime() <= Date.now()) {
        throw new AppError(409, 'messages_closed', 'ticket.messagesClosed', { days: TICKET_MESSAGE_DAYS_AFTER_FINISH });
      }
      await countAttempt(ticket.id, address);
      const link = `${publicUrl}/admin/tickets/${ticket.id}`;
      await db.transaction(async (tx) => {
        const message = await insertMessage(tx, { ticketId: ticket.id, author: 'customer', operatorId: null, body });
        await audit(tx, { id: ticket.userId, name: 'client' }, ticket.id, message);
        for (const staff of await staffAddresses(tx)) {
          await mailer.enqueue(tx, {
            to: staff.email,
            lang: staff.lang,
            kind: 'ticket_message_staff',
            content: customerMessageMail(staff.lang, { number: ticket.number, email: ticket.email, body, link }),
          });
        }
      });
      void mailer.flush();
      return threadOf(ticket, false);
    },

    async consoleThread(ticketId: string): Promise<TicketThread> {
      return threadOf(await consoleTicket(ticketId), true);
    },

    /** An operator answers: the customer's messages count as read, the customer is mailed in the ticket's language. */
    async answer(actor: Actor, ticketId: string, body: string): Promise<TicketThread> {
      const ticket = await consoleTicket(ticketId);
      await db.transaction(async (tx) => {
        const message = await insertMessage(tx, {
          ticketId: ticket.id,
          author: 'operator',
          operatorId: actor.id,
          body,
        });
        await markRead(tx, ticket.id, 'customer');
        await audit(tx, { id: actor.id, name: actor.username }, ticket.id, message);
        await mailer.enqueue(tx, {
          to: ticket.email,
          lang: ticket.lang,
          kind: 'ticket_message',
          content: operatorAnswerMail(ticket.lang, {
            number: ticket.number,
            body,
            link: `${publicUrl}/${ticket.lang}/ticket/${ticket.id}`,
          }),
        });
      });
      void mailer.flush();
      return threadOf(ticket, true);
    },

    /** An operator read the thread without answering: it leaves the unread list for everyone. */
    async markReadByOperator(ticketId: string): Promise<TicketThread> {
      const ticket = await consoleTicket(ticketId);
      await markRead(db, ticket.id, 'customer');
      return threadOf(ticket, true);
    },

    unreadThreads: () => countUnreadThreads(db),
  };

  async function consoleTicket(ticketId: string): Promise<TicketRow> {
    const ticket = await findTicket(db, ticketId);
    if (!ticket) throw new NotFoundError('ticket.notFound');
    return ticket;
  }
}

export type TicketMessagesService = ReturnType<typeof createTicketMessagesService>;
