import type { FastifyRequest } from 'fastify';
import { Decimal } from '@obmen/shared';
import type { Db, Tx } from '../../db/database';
import type { AuthGuards } from '../accounts/auth-guards';
import { writeAudit } from './admin.repository';

/** Who is making a change: the logged-in operator or admin. */
export interface Actor {
  id: string;
  username: string;
}

export const actorOf = (request: FastifyRequest): Actor => ({
  id: request.user!.id,
  username: request.user!.username,
});

/** Who may call a console route: operators run the day, admins also set up and manage. */
export function consoleRoles(guards: AuthGuards) {
  // onRequest, not preHandler: who is asking is settled before any body is parsed or validated.
  return {
    operator: { onRequest: guards.requireRole('operator') },
    adminOnly: { onRequest: guards.requireRole('admin') },
  };
}

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
export const isoNow = (d: Date) => d.toISOString();
/** `1.5000` → `1.5`: numeric columns come with all their zeros. */
export const plain = (v: string) => new Decimal(v).toFixed();

/**
 * Every console change is one transaction with its audit record (who, when, what, before, after),
 * so the log never claims a change that did not happen, nor misses one.
 */
export function createAudited(db: Db) {
  return async function audited<T>(
    actor: Actor,
    what: { action: string; resource: string; resourceId: string; before: unknown },
    write: (tx: Tx) => Promise<T>,
    shown: (result: T) => unknown = (result) => result,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const result = await write(tx);
      await writeAudit(tx, { actorId: actor.id, actorName: actor.username, ...what, after: shown(result) });
      return result;
    });
  };
}

export type Audited = ReturnType<typeof createAudited>;
