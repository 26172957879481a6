import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { like, offset, paged, type Page } from '../../db/paging';
import { sessions, users } from '../../db/schema';

// The console's queries on people: finding, promoting, blocking.

export function searchUsers(db: DbOrTx, filter: { q?: string | undefined; role?: string | undefined }, page: Page) {
  const conditions: SQL[] = [];
  if (filter.q) conditions.push(or(ilike(users.username, like(filter.q)), ilike(users.email, like(filter.q)))!);
  if (filter.role) conditions.push(eq(users.role, filter.role as 'user'));
  const where = conditions.length ? and(...conditions) : undefined;
  return paged(
    db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        role: users.role,
        lang: users.lang,
        blocked: users.blocked,
        refNumber: users.refNumber,
        createdAt: users.createdAt,
        // Spelled out: inside a select list drizzle would leave both columns unqualified.
        tickets: sql<number>`(select count(*)::int from "tickets" where "tickets"."user_id" = "users"."id")`,
        twoFactor: sql<boolean>`exists (select 1 from "two_factors" where "two_factors"."user_id" = "users"."id" and "two_factors"."enabled_at" is not null)`,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt))
      .limit(page.perPage)
      .offset(offset(page)),
    db.select({ n: count() }).from(users).where(where),
    page,
  );
}

export async function findUserById(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      blocked: users.blocked,
      email: users.email,
      lang: users.lang,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

export async function findUserIdByName(db: DbOrTx, name: string): Promise<string | undefined> {
  const lower = name.toLowerCase();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${lower}`, sql`lower(${users.email}) = ${lower}`));
  return row?.id;
}

export async function updateUser(
  tx: Tx,
  id: string,
  change: { role?: 'user' | 'operator' | 'admin'; blocked?: boolean },
) {
  const [row] = await tx
    .update(users)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning({ id: users.id, username: users.username, role: users.role, blocked: users.blocked });
  return row!;
}

export async function endSessionsOf(tx: Tx, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}
