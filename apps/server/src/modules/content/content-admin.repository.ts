import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { like, offset, paged, type Page } from '../../db/paging';
import { faqItems, news, pages, seoPairs } from '../../db/schema';

export type NewsRow = typeof news.$inferSelect;
export type PageRow = typeof pages.$inferSelect;
export type SeoRow = typeof seoPairs.$inferSelect;

// What the console edits of the content: news, pages, the FAQ and the SEO of a pair.

export function listAllNews(db: DbOrTx, q: string | undefined, page: Page) {
  const where = q
    ? or(ilike(news.titleRu, like(q)), ilike(news.titleEn, like(q)), ilike(news.slug, like(q)))
    : undefined;
  return paged(
    db
      .select()
      .from(news)
      .where(where)
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(page.perPage)
      .offset(offset(page)),
    db.select({ n: count() }).from(news).where(where),
    page,
  );
}

export async function findNewsById(db: DbOrTx, id: number): Promise<NewsRow | undefined> {
  const [row] = await db.select().from(news).where(eq(news.id, id));
  return row;
}

export async function newsSlugTaken(db: DbOrTx, slug: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db.select({ id: news.id }).from(news).where(eq(news.slug, slug));
  return row !== undefined && row.id !== exceptId;
}

export async function insertNews(tx: Tx, row: typeof news.$inferInsert) {
  const [inserted] = await tx.insert(news).values(row).returning();
  return inserted!;
}

export async function updateNews(tx: Tx, id: number, change: Partial<typeof news.$inferInsert>) {
  const [row] = await tx
    .update(news)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(news.id, id))
    .returning();
  return row!;
}

export async function deleteNews(tx: Tx, id: number): Promise<void> {
  await tx.delete(news).where(eq(news.id, id));
}

export const listAllPages = (db: DbOrTx) => db.select().from(pages).orderBy(pages.slug);
export const listAllFaq = (db: DbOrTx) => db.select().from(faqItems).orderBy(faqItems.position);

export async function findPageRow(db: DbOrTx, slug: string): Promise<PageRow | undefined> {
  const [row] = await db.select().from(pages).where(eq(pages.slug, slug));
  return row;
}

export async function upsertPage(tx: Tx, slug: string, body: Omit<typeof pages.$inferInsert, 'slug'>) {
  const [row] = await tx
    .insert(pages)
    .values({ slug, ...body })
    .onConflictDoUpdate({ target: pages.slug, set: { ...body, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function replaceFaq(
  tx: Tx,
  items: { questionRu: string; questionEn: string; answerRu: string; answerEn: string }[],
) {
  await tx.delete(faqItems);
  if (items.length === 0) return [];
  return tx
    .insert(faqItems)
    .values(items.map((item, i) => ({ ...item, position: i + 1 })))
    .returning();
}

export const listAllSeo = (db: DbOrTx) => db.select().from(seoPairs).orderBy(seoPairs.giveCode, seoPairs.getCode);

export async function findSeo(db: DbOrTx, give: string, get: string): Promise<SeoRow | undefined> {
  const [row] = await db
    .select()
    .from(seoPairs)
    .where(and(eq(seoPairs.giveCode, give), eq(seoPairs.getCode, get)));
  return row;
}

export async function upsertSeo(
  tx: Tx,
  give: string,
  get: string,
  body: Omit<SeoRow, 'giveCode' | 'getCode' | 'updatedAt'>,
) {
  const [row] = await tx
    .insert(seoPairs)
    .values({ giveCode: give, getCode: get, ...body })
    .onConflictDoUpdate({ target: [seoPairs.giveCode, seoPairs.getCode], set: { ...body, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function deleteSeo(tx: Tx, give: string, get: string): Promise<void> {
  await tx.delete(seoPairs).where(and(eq(seoPairs.giveCode, give), eq(seoPairs.getCode, get)));
}
