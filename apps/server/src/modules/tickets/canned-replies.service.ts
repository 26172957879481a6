import {
  fillCannedReply,
  formatAmount,
  type AdminCannedReply,
  type AdminRenderedReply,
  type adminCannedReplyBody,
  type CannedPlaceholder,
} from '@obmen/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/database';
import { NotFoundError } from '../../http/errors';
import { writeAudit } from '../admin/admin.repository';
import { isoNow, type Actor } from '../admin/console';
import { catalogAmounts } from '../exchange/catalog-amounts';
import type { Catalog } from '../exchange/exchange.catalog';
import {
  deleteCannedReply,
  findCannedReply,
  insertCannedReply,
  listCannedReplies,
  updateCannedReply,
  type CannedReplyRow,
} from './canned-replies.repository';
import { waitOf } from './ticket-desk.repository';
import { findTicket } from './tickets.repository';

type Body = z.output<typeof adminCannedReplyBody>;

const toDto = (row: CannedReplyRow): AdminCannedReply => ({
  id: row.id,
  title: row.title,
  textRu: row.textRu,
  textEn: row.textEn,
  updatedAt: isoNow(row.updatedAt),
});
const texts = (row: CannedReplyRow) => ({ title: row.title, textRu: row.textRu, textEn: row.textEn });

/**
 * Replies operators reuse (issue 46): admins write them in both languages; the console offers them
 * for a ticket in its customer's language with the ticket's number, sums and wait filled in.
 */
export function createCannedRepliesService({ db, catalog }: { db: Db; catalog: Catalog }) {
  /** One change and its audit record in one transaction. */
  const audited = (
    actor: Actor,
    action: string,
    id: string,
    before: unknown,
    write: (tx: Tx) => Promise<CannedReplyRow | undefined>,
  ) =>
    db.transaction(async (tx) => {
      const row = await write(tx);
      if (!row) throw new NotFoundError('admin.cannedReplyNotFound');
      await writeAudit(tx, {
        actorId: actor.id,
        actorName: actor.username,
        action,
        resource: 'canned-replies',
        resourceId: row.id || id,
        before,
        after: action === 'delete' ? null : texts(row),
      });
      return toDto(row);
    });

  return {
    list: async () => (await listCannedReplies(db)).map(toDto),

    create: (actor: Actor, body: Body) => audited(actor, 'create', '', null, (tx) => insertCannedReply(tx, body)),

    async update(actor: Actor, id: string, body: Body) {
      const before = await findCannedReply(db, id);
      if (!before) throw new NotFoundError('admin.cannedReplyNotFound');
      return audited(actor, 'update', id, texts(before), (tx) => updateCannedReply(tx, id, body));
    },

    async remove(actor: Actor, id: string) {
      const before = await findCannedReply(db, id);
      if (!before) throw new NotFoundError('admin.cannedReplyNotFound');
      await audited(actor, 'delete', id, texts(before), (tx) => deleteCannedReply(tx, id));
    },

    /** Every reply for one ticket: in its customer's language, its placeholders filled with the ticket's values. */
    async forTicket(ticketId: string): Promise<AdminRenderedReply[]> {
      const ticket = await findTicket(db, ticketId);
      if (!ticket) throw new NotFoundError('ticket.notFound');
      const [rows, wait] = await Promise.all([listCannedReplies(db), waitOf(db, ticketId)]);
      const { amountOf, valuteOf: valute } = catalogAmounts(catalog);
      const values: Record<CannedPlaceholder, string> = {
        number: String(ticket.number),
        // Figures as the customer's own page writes them: "959,83" in Russian, "959.83" in English.
        amount: formatAmount(amountOf(ticket.giveCode, ticket.giveSum), ticket.lang),
        currency: valute(ticket.giveCode),
        getAmount: formatAmount(amountOf(ticket.getCode, ticket.getSum), ticket.lang),
        getCurrency: valute(ticket.getCode),
        minutes: String(
          wait?.waitSinceMs != null ? Math.max(0, Math.floor((Date.now() - wait.waitSinceMs) / 60_000)) : 0,
        ),
      };
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        lang: ticket.lang,
        text: fillCannedReply(ticket.lang === 'ru' ? row.textRu : row.textEn, values),
      }));
    },
  };
}

export type CannedRepliesService = ReturnType<typeof createCannedRepliesService>;
