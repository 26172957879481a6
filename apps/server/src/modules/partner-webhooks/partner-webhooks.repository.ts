import { and, arrayContains, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { partnerWebhookAttempts, partnerWebhookDeliveries, partnerWebhookEndpoints, users } from '../../db/schema';

export type EndpointRow = typeof partnerWebhookEndpoints.$inferSelect;
export type DeliveryRow = typeof partnerWebhookDeliveries.$inferSelect;
export type AttemptRow = typeof partnerWebhookAttempts.$inferSelect;
export type NewAttempt = typeof partnerWebhookAttempts.$inferInsert;

export async function insertEndpoint(
  tx: Tx,
  endpoint: Pick<typeof partnerWebhookEndpoints.$inferInsert, 'id' | 'userId' | 'url' | 'events' | 'sealedSecret'>,
): Promise<EndpointRow> {
  const [row] = await tx.insert(partnerWebhookEndpoints).values(endpoint).returning();
  return row!;
}

/** The account's row locked first: two creations at once count each other's endpoints. */
export async function lockOwner(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countEndpoints(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(partnerWebhookEndpoints)
    .where(eq(partnerWebhookEndpoints.userId, userId));
  return row?.n ?? 0;
}

export function listEndpoints(db: DbOrTx, userId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(partnerWebhookEndpoints)
    .where(eq(partnerWebhookEndpoints.userId, userId))
    .orderBy(partnerWebhookEndpoints.createdAt);
}

export async function findEndpoint(db: DbOrTx, userId: string, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(partnerWebhookEndpoints)
    .where(and(eq(partnerWebhookEndpoints.id, id), eq(partnerWebhookEndpoints.userId, userId)));
  return row;
}

export async function updateEndpoint(
  db: DbOrTx,
  userId: string,
  id: string,
  changes: Partial<typeof partnerWebhookEndpoints.$inferInsert>,
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(partnerWebhookEndpoints)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(partnerWebhookEndpoints.id, id), eq(partnerWebhookEndpoints.userId, userId)))
    .returning();
  return row;
}

export async function deleteEndpoint(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(partnerWebhookEndpoints)
    .where(and(eq(partnerWebhookEndpoints.id, id), eq(partnerWebhookEndpoints.userId, userId)))
    .returning({ id: partnerWebhookEndpoints.id });
  return gone.length > 0;
}

/** The partner's endpoints that listen to `type`; a paused one too: its events wait for it to resume. */
export function subscribedEndpoints(db: DbOrTx, userId: string, type: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(partnerWebhookEndpoints)
    .where(and(eq(partnerWebhookEndpoints.userId, userId), arrayContains(partnerWebhookEndpoints.events, [type])));
}

export async function insertDeliveries(db: DbOrTx, rows: (typeof partnerWebhookDeliveries.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(partnerWebhookDeliveries).values(rows);
}

/**
 * Takes up to `limit` due deliveries of endpoints not paused for this process: each is moved
 * `leaseSeconds` ahead in one statement, SKIP LOCKED, so another process (or run) takes others, and a
 * crash mid-call only delays the delivery until the lease ends.
 */
export async function claimDue(db: DbOrTx, limit: number, leaseSeconds: number): Promise<DeliveryRow[]> {
  const due = db
    .select({ id: partnerWebhookDeliveries.id })
    .from(partnerWebhookDeliveries)
    .innerJoin(partnerWebhookEndpoints, eq(partnerWebhookEndpoints.id, partnerWebhookDeliveries.endpointId))
    .where(
      and(
        eq(partnerWebhookDeliveries.state, 'pending'),
        lte(partnerWebhookDeliveries.nextAttemptAt, sql`now()`),
        isNull(partnerWebhookEndpoints.pausedAt),
      ),
    )
    .orderBy(partnerWebhookDeliveries.nextAttemptAt)
    .limit(limit)
    .for('update', { of: partnerWebhookDeliveries, skipLocked: true });
  return db
    .update(partnerWebhookDeliveries)
    .set({
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds}::float8)`,
      firstAttemptAt: sql`coalesce(${partnerWebhookDeliveries.firstAttemptAt}, now())`,
    })
    .where(inArray(partnerWebhookDeliveries.id, due))
    .returning();
}

export async function findDelivery(db: DbOrTx, endpointId: string, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(partnerWebhookDeliveries)
    .where(and(eq(partnerWebhookDeliveries.id, id), eq(partnerWebhookDeliveries.endpointId, endpointId)));
  return row;
}

export async function findEndpointById(db: DbOrTx, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(partnerWebhookEndpoints).where(eq(partnerWebhookEndpoints.id, id));
  return row;
}

export async function insertAttempt(db: DbOrTx, attempt: NewAttempt): Promise<void> {
  await db.insert(partnerWebhookAttempts).values(attempt);
}

export async function markDelivered(tx: Tx, delivery: DeliveryRow, statusCode: number): Promise<void> {
  await tx
    .update(partnerWebhookDeliveries)
    .set({
      state: 'delivered',
      deliveredAt: sql`now()`,
      attempts: sql`${partnerWebhookDeliveries.attempts} + 1`,
      lastStatus: statusCode,
      lastError: null,
    })
    .where(eq(partnerWebhookDeliveries.id, delivery.id));
  await tx
    .update(partnerWebhookEndpoints)
    .set({ consecutiveFailures: 0 })
    .where(eq(partnerWebhookEndpoints.id, delivery.endpointId));
}

/**
 * A failed try: due again after `retryInSeconds`, or `failed` when null; returns the endpoint's
 * failures in a row, counted once per delivery that ends failed or try that fails.
 */
export async function markFailed(
  tx: Tx,
  delivery: DeliveryRow,
  failure: { statusCode: number | null; error: string },
  retryInSeconds: number | null,
): Promise<EndpointRow> {
  await tx
    .update(partnerWebhookDeliveries)
    .set({
      state: retryInSeconds === null ? 'failed' : 'pending',
      attempts: sql`${partnerWebhookDeliveries.attempts} + 1`,
      lastStatus: failure.statusCode,
      lastError: failure.error.slice(0, 500),
      ...(retryInSeconds !== null && {
        nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds}::float8)`,
      }),
    })
    // A redelivery may have got it through meanwhile.
    .where(and(eq(partnerWebhookDeliveries.id, delivery.id), eq(partnerWebhookDeliveries.state, 'pending')));
  const [endpoint] = await tx
    .update(partnerWebhookEndpoints)
    .set({ consecutiveFailures: sql`${partnerWebhookEndpoints.consecutiveFailures} + 1` })
    .where(eq(partnerWebhookEndpoints.id, delivery.endpointId))
    .returning();
  return endpoint!;
}

/** Paused by the exchanger, once: returns false when it already was (another process paused it). */
export async function pauseFailing(tx: Tx, endpointId: string): Promise<boolean> {
  const paused = await tx
    .update(partnerWebhookEndpoints)
    .set({ pausedAt: sql`now()`, pausedBy: 'failing', updatedAt: sql`now()` })
    .where(and(eq(partnerWebhookEndpoints.id, endpointId), isNull(partnerWebhookEndpoints.pausedAt)))
    .returning({ id: partnerWebhookEndpoints.id });
  return paused.length > 0;
}

export async function ownerOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: users.email, lang: users.lang, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The newest deliveries of an endpoint with every try of each. */
export async function listDeliveries(db: DbOrTx, endpointId: string, limit: number) {
  const deliveries = await db
    .select()
    .from(partnerWebhookDeliveries)
    .where(eq(partnerWebhookDeliveries.endpointId, endpointId))
    .orderBy(desc(partnerWebhookDeliveries.createdAt), desc(partnerWebhookDeliveries.id))
    .limit(limit);
  const attempts = deliveries.length
    ? await db
        .select()
        .from(partnerWebhookAttempts)
        .where(
          inArray(
            partnerWebhookAttempts.deliveryId,
            deliveries.map((delivery) => delivery.id),
          ),
        )
        .orderBy(partnerWebhookAttempts.createdAt)
    : [];
  return deliveries.map((delivery) => ({
    delivery,
    attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id),
  }));
}

/** For /metrics: deliveries waiting, and the age in seconds of the oldest. */
export async function queueFigures(db: DbOrTx): Promise<{ pending: number; oldestSeconds: number }> {
  const [row] = await db
    .select({
      pending: count(),
      oldest: sql<string | null>`extract(epoch from now() - min(${partnerWebhookDeliveries.createdAt}))`,
    })
    .from(partnerWebhookDeliveries)
    .where(eq(partnerWebhookDeliveries.state, 'pending'));
  return { pending: row?.pending ?? 0, oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}
