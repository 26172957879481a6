import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { like, offset, paged, type Page } from '../../db/paging';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditEntry {
  actorId: string | null;
  actorName: string;
  action: string;
  resource: string;
  resourceId: string;
  before: unknown;
  after: unknown;
}

export async function writeAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export function listAudit(db: DbOrTx, filter: { q?: string | undefined; resource?: string | undefined }, page: Page) {
  const conditions: SQL[] = [];
  if (filter.resource) conditions.push(eq(auditLog.resource, filter.resource));
  if (filter.q) {
    conditions.push(
      or(
        ilike(auditLog.resourceId, like(filter.q)),
        ilike(auditLog.actorName, like(filter.q)),
        ilike(auditLog.action, like(filter.q)),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  return paged(
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt)).limit(page.perPage).offset(offset(page)),
    db.select({ n: count() }).from(auditLog).where(where),
    page,
  );
}
