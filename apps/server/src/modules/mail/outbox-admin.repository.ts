import { count, desc, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { like, offset, paged, type Page } from '../../db/paging';
import { outbox } from '../../db/schema';

// What the console reads of the outbox: all mail, and one client's.

export function mailsTo(db: DbOrTx, address: string, limit: number) {
  return db
    .select()
    .from(outbox)
    .where(sql`lower(${outbox.toAddress}) = ${address.toLowerCase()}`)
    .orderBy(desc(outbox.createdAt))
    .limit(limit);
}

export function listOutbox(db: DbOrTx, q: string | undefined, page: Page) {
  const where = q ? or(ilike(outbox.toAddress, like(q)), ilike(outbox.subject, like(q))) : undefined;
  return paged(
    db.select().from(outbox).where(where).orderBy(desc(outbox.createdAt)).limit(page.perPage).offset(offset(page)),
    db.select({ n: count() }).from(outbox).where(where),
    page,
  );
}
