import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { preparedOnce, type DbOrTx } from '../../db/database';
import { passwordResets, sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

const loginNeedle = sql.placeholder('needle');
const userByLogin = preparedOnce((db) =>
  db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${loginNeedle} or lower(${users.email}) = ${loginNeedle}`)
    .limit(1)
    .prepare('accounts_user_by_login'),
);

export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
  const [row] = await userByLogin(db).execute({ needle: login.trim().toLowerCase() });
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findTakenFields(db: DbOrTx, username: string, email: string) {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()} or lower(${users.email}) = ${email.toLowerCase()}`);
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

export async function findUserIdByRefNumber(db: DbOrTx, refNumber: number): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.refNumber, refNumber)).limit(1);
  return row?.id;
}

/** Inserts a user; undefined when the name or e-mail was taken in the meantime. */
export async function insertUser(db: DbOrTx, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
  return row;
}

export async function updateUser(db: DbOrTx, id: string, changes: Partial<NewUser>): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

const sessionInsert = preparedOnce((db) =>
  db
    .insert(sessions)
    .values({
      tokenHash: sql.placeholder('tokenHash'),
      userId: sql.placeholder('userId'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .prepare('accounts_insert_session'),
);

export async function insertSession(db: DbOrTx, tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
  await sessionInsert(db).execute({ tokenHash, userId, expiresAt });
}

const sessionUser = preparedOnce((db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.blocked, false),
      ),
    )
    .limit(1)
    .prepare('accounts_session_user'),
);

/** The signed-in user of a session token's hash: run by every request that carries a token. */
export async function findSessionUser(db: DbOrTx, tokenHash: string): Promise<UserRow | undefined> {
  const [row] = await sessionUser(db).execute({ tokenHash });
  return row?.user;
}

export async function deleteSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteUserSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function insertPasswordReset(db: DbOrTx, tokenHash: string, userId: string, expiresAt: Date) {
  await db.insert(passwordResets).values({ tokenHash, userId, expiresAt });
}

/** The account a reset token for an e-mail would open, without taking it: undefined when it would not. */
export async function findPasswordResetUser(
  db: DbOrTx,
  tokenHash: string,
  email: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
        sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
      ),
    )
    .limit(1);
  return row?.user;
}

/** Every reset link of the user still unused stops working: after a reset or a password change. */
export async function deleteUnusedPasswordResets(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(passwordResets).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Takes a reset token for an e-mail: at most once, only before it expires. */
export async function consumePasswordReset(db: DbOrTx, tokenHash: string, email: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
        sql`${passwordResets.userId} = (select id from users where lower(email) = ${email.trim().toLowerCase()})`,
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}
