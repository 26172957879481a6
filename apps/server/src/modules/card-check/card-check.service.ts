import type { Lang } from '@obmen/shared';
import type { Db, Tx } from '../../db/database';
import { ConflictError } from '../../http/errors';
import type { UserRow } from '../accounts/accounts.repository';
import type { TicketsService } from '../tickets/tickets.service';
import {
  findCardCheck,
  lockTicket,
  updateTicket,
  upsertCardCheck,
  type TicketRow,
} from '../tickets/tickets.repository';
import { deleteCardImage, readCardImage, storeCardImage } from './card-image';

export function createCardCheckService({
  db,
  tickets,
  uploadsDir,
  onPhotoSent,
}: {
  db: Db;
  tickets: TicketsService;
  uploadsDir: string;
  /** A ticket's first card photo now waits for an operator (Telegram's alert, issue 46), in its transaction. */
  onPhotoSent?: (tx: Tx, ticket: TicketRow) => Promise<void>;
}) {
  return {
    async upload(ticketId: string, requester: UserRow | null, image: Buffer, lang: Lang) {
      await tickets.readable(ticketId, requester); // who may send it; a window that passed closes the ticket
      const fileName = await storeCardImage(uploadsDir, image);
      // With the ticket locked, uploads of one ticket take turns: each replaces the one before it,
      // so whichever comes last is kept and every earlier file is deleted (none is left orphaned).
      const earlier = await db
        .transaction(async (tx) => {
          const ticket = await lockTicket(tx, ticketId);
          const open =
            ticket?.status === 'card_check' && (!ticket.paymentDeadline || ticket.paymentDeadline > new Date());
          if (!open) throw new ConflictError('wrong_status', 'ticket.wrongStatus');
          const before = await findCardCheck(tx, ticketId);
          await upsertCardCheck(tx, ticketId, fileName);
          // The first photo starts the operator's window; a photo sent again keeps it, so no upload
          // (of any picture, issue 42) leaves the hold without an end.
          if (!before) await updateTicket(tx, ticketId, { paymentDeadline: tickets.reviewDeadline(ticket) });
          if (!before && onPhotoSent) await onPhotoSent(tx, ticket);
          return before;
        })
        .catch(async (error: unknown) => {
          await deleteCardImage(uploadsDir, fileName);
          throw error;
        });
      if (earlier && earlier.fileName !== fileName) await deleteCardImage(uploadsDir, earlier.fileName);
      return this.status(ticketId, requester, lang);
    },

    async status(ticketId: string, requester: UserRow | null, _lang: Lang) {
      const ticket = await tickets.readable(ticketId, requester);
      const check = await findCardCheck(db, ticketId);
      return { status: check?.status ?? ('none' as const), reason: check?.reason ?? null, ticketStatus: ticket.status };
    },

    /** The stored photo, for its owner and for operators. */
    async image(ticketId: string, requester: UserRow | null, asOperator = false): Promise<Buffer | null> {
      if (!asOperator) await tickets.readable(ticketId, requester);
      const check = await findCardCheck(db, ticketId);
      return check ? readCardImage(uploadsDir, check.fileName) : null;
    },
  };
}

export type CardCheckService = ReturnType<typeof createCardCheckService>;
