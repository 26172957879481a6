import type { AdminOutboxMail } from '@obmen/shared';
import type { Db } from '../../db/database';
import type { Page } from '../../db/paging';
import { iso, isoNow } from '../admin/console';
import type { OutboxRow } from './mail.repository';
import { listOutbox } from './outbox-admin.repository';

export const toOutboxDto = (row: OutboxRow): AdminOutboxMail => ({
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

/** The outbox as the console reads it: every mail the server wrote, sent or not. */
export function createOutboxAdminService({ db }: { db: Db }) {
  return {
    async outbox(q: string | undefined, paging: Page) {
      const found = await listOutbox(db, q, paging);
      return { ...found, items: found.items.map(toOutboxDto) };
    },
  };
}

export type OutboxAdminService = ReturnType<typeof createOutboxAdminService>;
