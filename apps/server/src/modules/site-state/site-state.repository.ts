import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { siteState } from '../../db/schema';

export type SiteStateRow = typeof siteState.$inferSelect;
export type SiteStateChange = Partial<Omit<SiteStateRow, 'id' | 'updatedAt'>>;

export async function readSiteState(db: DbOrTx): Promise<SiteStateRow | undefined> {
  const [row] = await db.select().from(siteState).limit(1);
  return row;
}

export async function writeSiteState(db: DbOrTx, change: SiteStateChange): Promise<SiteStateRow> {
  const [row] = await db
    .insert(siteState)
    .values({ id: 1, ...change })
    .onConflictDoUpdate({ target: siteState.id, set: { ...change, updatedAt: sql`now()` } })
    .returning();
  return row!;
}
