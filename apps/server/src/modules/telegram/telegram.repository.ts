import { and, desc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Lang } from '@obmen/shared';
import type { DbOrTx, Tx } from '../../db/database';
import {
  appMeta,
  telegramAlertsOpen,
  telegramLinks,
  telegramLinkTokens,
  telegramOutbox,
  tickets,
  users,
} from '../../db/schema';

export type TelegramOutboxRow = typeof telegramOutbox.$inferSelect;
export type NewTelegramMessage = Pick<typeof telegramOutbox.$inferInsert, 'chatId' | 'text' | 'ticketId' | 'kind'>;

export async function insertMessages(db: DbOrTx, messages: NewTelegramMessage[]): Promise<void> {
  if (messages.length > 0) await db.insert(telegramOutbox).values(messages);
}

/** The messages due now, oldest first, locked for this transaction; other processes skip them. */
export function lockDueMessages(tx: Tx, limit: number): Promise<TelegramOutboxRow[]> {
  return tx
    .select()
    .from(telegramOutbox)
    .where(and(eq(telegramOutbox.state, 'pending'), lte(telegramOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(telegramOutbox.nextAttemptAt, telegramOutbox.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markSent(tx: Tx, id: string): Promise<void> {
  await tx
    .update(telegramOutbox)
    .set({ state: 'sent', sentAt: sql`now()`, attempts: sql`${telegramOutbox.attempts} + 1`, lastError: null })
    .where(eq(telegramOutbox.id, id));
}

/** A failed try: due again after `retryInSeconds`, or given up on (`failed`) when null. */
export async function markAttemptFailed(tx: Tx, id: string, error: string, retryInSeconds: number | null) {
  await tx
    .update(telegramOutbox)
    .set({
      state: retryInSeconds === null ? 'failed' : 'pending',
      attempts: sql`${telegramOutbox.attempts} + 1`,
      lastError: error.slice(0, 500),
      ...(retryInSeconds !== null && {
        nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds}::float8)`,
      }),
    })
    .where(eq(telegramOutbox.id, id));
}

/** A 429 is the bot's flood control, not this message's fault: the try is not counted against it. */
export async function postpone(tx: Tx, id: string, error: string, seconds: number) {
  await tx
    .update(telegramOutbox)
    .set({ lastError: error.slice(0, 500), nextAttemptAt: sql`now() + make_interval(secs => ${seconds}::float8)` })
    .where(eq(telegramOutbox.id, id));
}

/** The chat is gone (the user blocked the bot, or /stop): its links go, and what still waits for it is dropped. */
export async function unlinkChat(db: DbOrTx, chatId: string, reason: string): Promise<number> {
  const gone = await db
    .delete(telegramLinks)
    .where(eq(telegramLinks.chatId, chatId))
    .returning({ id: telegramLinks.id });
  await db
    .update(telegramOutbox)
    .set({ state: 'dropped', lastError: reason })
    .where(and(eq(telegramOutbox.chatId, chatId), eq(telegramOutbox.state, 'pending')));
  return gone.length;
}

export async function ticketChats(db: DbOrTx, ticketId: string): Promise<string[]> {
  const rows = await db
    .select({ chatId: telegramLinks.chatId })
    .from(telegramLinks)
    .where(eq(telegramLinks.ticketId, ticketId));
  return rows.map((row) => row.chatId);
}

/** The chats of staff who may be alerted: operators and admins not blocked, each in their console language. */
export function staffChats(db: DbOrTx): Promise<{ chatId: string; lang: Lang }[]> {
  return db
    .select({ chatId: telegramLinks.chatId, lang: users.lang })
    .from(telegramLinks)
    .innerJoin(users, eq(users.id, telegramLinks.userId))
    .where(and(inArray(users.role, ['operator', 'admin']), eq(users.blocked, false)));
}

export async function isStaffLinked(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: telegramLinks.id }).from(telegramLinks).where(eq(telegramLinks.userId, userId));
  return row !== undefined;
}

export async function insertLinkToken(
  db: DbOrTx,
  token: { tokenHash: string; ticketId: string | null; userId: string | null; expiresAt: Date },
): Promise<void> {
  await db.insert(telegramLinkTokens).values(token);
}

/** Takes a token once: the one caller that uses it before it expires gets its row; everyone else nothing. */
export async function useLinkToken(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .update(telegramLinkTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(telegramLinkTokens.tokenHash, tokenHash),
        sql`${telegramLinkTokens.usedAt} is null`,
        sql`${telegramLinkTokens.expiresAt} > now()`,
      ),
    )
    .returning();
  return row;
}

export async function linkChat(tx: Tx, chatId: string, target: { ticketId: string } | { userId: string }) {
  if ('ticketId' in target) {
    await tx.insert(telegramLinks).values({ chatId, ticketId: target.ticketId }).onConflictDoNothing();
  } else {
    await tx
      .insert(telegramLinks)
      .values({ chatId, userId: target.userId })
      .onConflictDoUpdate({ target: telegramLinks.userId, set: { chatId, createdAt: sql`now()` } });
  }
}

export async function unlinkStaff(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(telegramLinks).where(eq(telegramLinks.userId, userId));
}

export function ticketMessages(db: DbOrTx, ticketId: string, limit = 50) {
  return db
    .select()
    .from(telegramOutbox)
    .where(eq(telegramOutbox.ticketId, ticketId))
    .orderBy(desc(telegramOutbox.createdAt))
    .limit(limit);
}

/** Records a condition as alerted; true only for the caller that recorded it first. */
export async function openAlert(db: DbOrTx, key: string, kind: string): Promise<boolean> {
  const rows = await db
    .insert(telegramAlertsOpen)
    .values({ key, kind })
    .onConflictDoNothing()
    .returning({ key: telegramAlertsOpen.key });
  return rows.length > 0;
}

/** Forgets the conditions of a kind that no longer hold, so their next occurrence alerts again. */
export async function closeAlertsExcept(db: DbOrTx, kind: string, holding: string[]): Promise<void> {
  await db
    .delete(telegramAlertsOpen)
    .where(
      holding.length > 0
        ? and(eq(telegramAlertsOpen.kind, kind), notInArray(telegramAlertsOpen.key, holding))
        : eq(telegramAlertsOpen.kind, kind),
    );
}

export async function readMeta<T>(db: DbOrTx, key: string): Promise<T | undefined> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key));
  return row?.value as T | undefined;
}

export async function writeMeta(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: sql`now()` } });
}

export async function ticketOfLink(db: DbOrTx, ticketId: string) {
  const [row] = await db
    .select({ id: tickets.id, number: tickets.number, lang: tickets.lang })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  return row;
}

export async function staffOfLink(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ lang: users.lang, role: users.role, blocked: users.blocked })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
