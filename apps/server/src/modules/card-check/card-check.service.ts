import type { Lang } from '@obmen/shared';
import type { Db } from '../../db/database';
import { ConflictError } from '../../http/errors';
import type { UserRow } from '../accounts/accounts.repository';
import type { TicketsService } from '../tickets/tickets.service';
import { findCardCheck, upsertCardCheck } from '../tickets/tickets.repository';
import { deleteCardImage, readCardImage, storeCardImage } from './card-image';

export function createCardCheckService({
  db,
  tickets,
  uploadsDir,
}: {
  db: Db;
  tickets: TicketsService;
  uploadsDir: string;
}) {
  return {
    async upload(ticketId: string, requester: UserRow | null, image: Buffer, lang: Lang) {
      const ticket = await tickets.readable(ticketId, requester);
      if (ticket.status !== 'card_check') throw new ConflictError('wrong_status', 'ticket.wrongStatus');
      const fileName = await storeCardImage(uploadsDir, image);
      const earlier = await findCardCheck(db, ticketId);
      await upsertCardCheck(db, ticketId, fileName);
      // A photo sent again replaces the first; nobody needs the old one kept on disk.
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
