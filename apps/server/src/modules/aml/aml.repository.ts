import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { amlScreenings, amlSettings, ticketPayments, tickets } from '../../db/schema';
import type { TicketRow } from '../tickets/tickets.repository';

export type AmlScreeningRow = typeof amlScreenings.$inferSelect;
export type AmlSettingsRow = Pick<typeof amlSettings.$inferSelect, 'reviewScore' | 'refuseScore' | 'reviewHours'>;

/** Until the operator saves theirs: a deposit at 75 or more is reviewed, an address at 90 or more refused, a day to decide. */
export const DEFAULT_AML_SETTINGS: AmlSettingsRow = { reviewScore: 75, refuseScore: 90, reviewHours: 24 };

export async function readAmlSettings(db: DbOrTx): Promise<AmlSettingsRow> {
  const [row] = await db.select().from(amlSettings).where(eq(amlSettings.id, 1));
  return row ?? DEFAULT_AML_SETTINGS;
}

export async function writeAmlSettings(tx: Tx, settings: AmlSettingsRow): Promise<AmlSettingsRow> {
  const [row] = await tx
    .insert(amlSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: amlSettings.id, set: { ...settings, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

type Key = Pick<AmlScreeningRow, 'kind' | 'network' | 'subject'>;

export async function findScreening(db: DbOrTx, key: Key): Promise<AmlScreeningRow | undefined> {
  const [row] = await db
    .select()
    .from(amlScreenings)
    .where(
      and(
        eq(amlScreenings.kind, key.kind),
        eq(amlScreenings.network, key.network),
        eq(amlScreenings.subject, key.subject),
      ),
    );
  return row;
}

/** The provider's latest word on a subject; a later answer replaces an earlier one. */
export async function saveScreening(
  db: DbOrTx,
  row: Key & Pick<AmlScreeningRow, 'state' | 'uid' | 'score' | 'signals' | 'error'>,
): Promise<void> {
  const { kind: _k, network: _n, subject: _s, ...answer } = row;
  await db
    .insert(amlScreenings)
    .values(row)
    .onConflictDoUpdate({
      target: [amlScreenings.kind, amlScreenings.network, amlScreenings.subject],
      set: { ...answer, updatedAt: sql`now()` },
    });
}

/** The highest score among the ticket's other counted transactions (a split payment screened earlier). */
export async function worstPaymentScore(db: DbOrTx, ticketId: string, network: string): Promise<number | null> {
  const [row] = await db
    .select({ score: sql<number | null>`max(${amlScreenings.score})` })
    .from(amlScreenings)
    .innerJoin(ticketPayments, eq(ticketPayments.txid, amlScreenings.subject))
    .where(
      and(
        eq(ticketPayments.ticketId, ticketId),
        eq(amlScreenings.kind, 'transaction'),
        eq(amlScreenings.network, network),
      ),
    );
  return row?.score ?? null;
}

/** One review past its deadline, locked for its decision; another process's run takes the next (SKIP LOCKED). */
export async function lockOverdueReview(tx: Tx): Promise<TicketRow | undefined> {
  const [row] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.status, 'on_review'), lt(tickets.reviewDeadline, sql`now()`)))
    .orderBy(tickets.reviewDeadline)
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** Reviews held only because the provider did not answer, oldest first. */
export function listUnansweredReviews(db: DbOrTx, limit: number): Promise<TicketRow[]> {
  return db
    .select()
    .from(tickets)
    .where(and(eq(tickets.status, 'on_review'), eq(tickets.statusReason, 'aml_unavailable')))
    .orderBy(tickets.updatedAt)
    .limit(limit);
}
