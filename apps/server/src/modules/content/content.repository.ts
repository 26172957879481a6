import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { faqItems, news, pages } from '../../db/schema';

export type PageRow = typeof pages.$inferSelect;
export type NewsRow = typeof news.$inferSelect;

export async function findPage(db: DbOrTx, slug: string): Promise<PageRow | undefined> {
  const [row] = await db.select().from(pages).where(eq(pages.slug, slug));
  return row;
}

export function listPages(db: DbOrTx): Promise<PageRow[]> {
  return db.select().from(pages);
}

export function listFaq(db: DbOrTx) {
  return db.select().from(faqItems).orderBy(asc(faqItems.position), asc(faqItems.id));
}

const visible = sql`${news.published} and ${news.publishedAt} <= now()`;

export async function listNews(db: DbOrTx, page: number, perPage: number) {
  const [items, total] = await Promise.all([
    db
      .select()
      .from(news)
      .where(visible)
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    countNews(db),
  ]);
  return { items, total };
}

export async function findNews(db: DbOrTx, id: number): Promise<NewsRow | undefined> {
  const [row] = await db
    .select()
    .from(news)
    .where(sql`${news.id} = ${id} and ${visible}`);
  return row;
}

export function listAllNewsIds(db: DbOrTx) {
  return db
    .select({ id: news.id, updatedAt: news.updatedAt })
    .from(news)
    .where(visible)
    .orderBy(desc(news.publishedAt), desc(news.id));
}

export async function countNews(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(news).where(visible);
  return row?.n ?? 0;
}
