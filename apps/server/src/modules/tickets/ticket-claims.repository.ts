import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { deskSettings, ticketClaims, users, type SlaThresholds } from '../../db/schema';

// Who holds a ticket (issue 46) and the desk's settings. A claim is live while its holder acted
// within `claim_idle_minutes`; a lapsed one stays as a row until someone takes the ticket.

export type DeskSettingsRow = typeof deskSettings.$inferSelect;
export type ClaimRow = typeof ticketClaims.$inferSelect;

export async function readDeskSettings(db: DbOrTx): Promise<DeskSettingsRow> {
  const [row] = await db.select().from(deskSettings).where(eq(deskSettings.id, 1));
  if (!row) throw new Error('desk_settings has no row: the migrations were not run');
  return row;
}

export async function writeDeskSettings(
  tx: Tx,
  change: { claimIdleMinutes: number; sla: SlaThresholds },
): Promise<DeskSettingsRow> {
  const [row] = await tx
    .update(deskSettings)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(deskSettings.id, 1))
    .returning();
  return row!;
}

/** A claim no older than the idle time since its holder's last action. */
export const liveClaim = (idleMinutes: number) =>
  sql`${ticketClaims.touchedAt} > now() - make_interval(mins => ${idleMinutes}::int)`;

/** The ticket's live claim and its holder's name, if anyone holds it. */
export async function findLiveClaim(db: DbOrTx, ticketId: string, idleMinutes: number) {
  const [row] = await db
    .select({ claim: ticketClaims, operator: users.username })
    .from(ticketClaims)
    .innerJoin(users, eq(users.id, ticketClaims.operatorId))
    .where(and(eq(ticketClaims.ticketId, ticketId), liveClaim(idleMinutes)));
  return row;
}

/**
 * Takes the ticket in one statement: a free ticket, one the operator holds already, or one whose
 * claim lapsed — or any (`force`, a take-over). Two operators racing for a free ticket: the row's
 * unique key lets one insert, and the other's conditional update finds the winner's live claim and
 * changes nothing. Returns the claim, or nothing when another operator holds the ticket.
 */
export async function takeClaim(
  db: DbOrTx,
  ticketId: string,
  operatorId: string,
  idleMinutes: number,
  force: boolean,
): Promise<ClaimRow | undefined> {
  const [row] = await db
    .insert(ticketClaims)
    .values({ ticketId, operatorId })
    .onConflictDoUpdate({
      target: ticketClaims.ticketId,
      set: {
        operatorId,
        // Taking again what one holds keeps when one took it; a new holder starts anew.
        claimedAt: sql`case when ${ticketClaims.operatorId} = ${operatorId}::uuid then ${ticketClaims.claimedAt} else now() end`,
        touchedAt: sql`now()`,
      },
      ...(!force && {
        setWhere: sql`${ticketClaims.operatorId} = ${operatorId}::uuid or not (${liveClaim(idleMinutes)})`,
      }),
    })
    .returning();
  return row;
}

/** The holder acted on the ticket: the idle time starts again. */
export async function touchClaim(tx: DbOrTx, ticketId: string, operatorId: string): Promise<void> {
  await tx
    .update(ticketClaims)
    .set({ touchedAt: sql`now()` })
    .where(and(eq(ticketClaims.ticketId, ticketId), eq(ticketClaims.operatorId, operatorId)));
}

/** The operator lets the ticket go, if they hold it. */
export async function dropClaim(tx: Tx, ticketId: string, operatorId: string): Promise<void> {
  await tx
    .delete(ticketClaims)
    .where(and(eq(ticketClaims.ticketId, ticketId), eq(ticketClaims.operatorId, operatorId)));
}
