import type { AdminDeskSettings, AdminTicketClaim, adminDeskSettingsUpdate } from '@obmen/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { AppError, NotFoundError } from '../../http/errors';
import { writeAudit } from '../admin/admin.repository';
import { isoNow, type Actor } from '../admin/console';
import {
  dropClaim,
  findLiveClaim,
  readDeskSettings,
  takeClaim,
  touchClaim,
  writeDeskSettings,
  type DeskSettingsRow,
} from './ticket-claims.repository';
import { findTicket } from './tickets.repository';

/** Another operator holds the ticket: 409 naming them, until the asker takes it over or the claim lapses. */
export class ClaimedByOtherError extends AppError {
  constructor(operator: string) {
    super(409, 'claimed_by_other', 'desk.claimedByOther', { operator });
  }
}

export const claimDto = (
  claim: { operatorId: string; claimedAt: Date; touchedAt: Date },
  operator: string,
  asker: string,
  idleMinutes: number,
): AdminTicketClaim => ({
  operatorId: claim.operatorId,
  operator,
  mine: claim.operatorId === asker,
  claimedAt: isoNow(claim.claimedAt),
  expiresAt: isoNow(new Date(claim.touchedAt.getTime() + idleMinutes * 60_000)),
});

const settingsDto = (row: DeskSettingsRow): AdminDeskSettings => ({
  claimIdleMinutes: row.claimIdleMinutes,
  sla: row.sla,
  updatedAt: isoNow(row.updatedAt),
});

/**
 * Who works on which ticket (issue 46). An operator takes a ticket; while the claim lives, every
 * other operator's step on it (ticket actions, payments, its payout's decisions) answers 409
 * `claimed_by_other` until they take it over — one click, audited — or the holder stays idle for
 * `desk_settings.claim_idle_minutes`.
 */
export function createTicketClaimsService({ db }: { db: Db }) {
  const service = {
    settings: async () => settingsDto(await readDeskSettings(db)),

    async setSettings(actor: Actor, body: z.output<typeof adminDeskSettingsUpdate>): Promise<AdminDeskSettings> {
      return db.transaction(async (tx) => {
        const before = await readDeskSettings(tx);
        const after = await writeDeskSettings(tx, body);
        await writeAudit(tx, {
          actorId: actor.id,
          actorName: actor.username,
          action: 'update',
          resource: 'desk-settings',
          resourceId: '1',
          before: { claimIdleMinutes: before.claimIdleMinutes, sla: before.sla },
          after: { claimIdleMinutes: after.claimIdleMinutes, sla: after.sla },
        });
        return settingsDto(after);
      });
    },

    /** The ticket's live claim as `asker` sees it, or null. */
    async claimOf(ticketId: string, asker: string): Promise<AdminTicketClaim | null> {
      const { claimIdleMinutes } = await readDeskSettings(db);
      const found = await findLiveClaim(db, ticketId, claimIdleMinutes);
      return found ? claimDto(found.claim, found.operator, asker, claimIdleMinutes) : null;
    },

    /**
     * Takes the ticket: one statement decides (claim.repository `takeClaim`), so of two operators
     * racing one wins and the other hears who did. A take-over is audited with the one it was taken from.
     */
    async take(actor: Actor, ticketId: string, takeOver: boolean): Promise<void> {
      if (!(await findTicket(db, ticketId))) throw new NotFoundError('ticket.notFound');
      const { claimIdleMinutes } = await readDeskSettings(db);
      if (!takeOver) {
        const taken = await takeClaim(db, ticketId, actor.id, claimIdleMinutes, false);
        if (!taken) {
          const holder = await findLiveClaim(db, ticketId, claimIdleMinutes);
          throw new ClaimedByOtherError(holder?.operator ?? '—');
        }
        return;
      }
      await db.transaction(async (tx) => {
        const before = await findLiveClaim(tx, ticketId, claimIdleMinutes);
        await takeClaim(tx, ticketId, actor.id, claimIdleMinutes, true);
        if (before && before.claim.operatorId !== actor.id) {
          await writeAudit(tx, {
            actorId: actor.id,
            actorName: actor.username,
            action: 'takeOver',
            resource: 'tickets',
            resourceId: ticketId,
            before: { claimedBy: before.operator },
            after: { claimedBy: actor.username },
          });
        }
      });
    },

    /** The operator lets the ticket go: nobody holds it until someone takes it. */
    async release(actor: Actor, ticketId: string): Promise<void> {
      if (!(await findTicket(db, ticketId))) throw new NotFoundError('ticket.notFound');
      // Letting go of what one does not hold changes nothing, and says nothing.
      await db.transaction((tx) => dropClaim(tx, ticketId, actor.id));
    },

    /**
     * In the transaction of an operator's step on a ticket: refuses it while another operator's
     * claim lives, and restarts the asker's own claim's idle time.
     */
    async guard(tx: DbOrTx, ticketId: string, actor: Pick<Actor, 'id'>): Promise<void> {
      const { claimIdleMinutes } = await readDeskSettings(tx);
      const found = await findLiveClaim(tx, ticketId, claimIdleMinutes);
      if (!found) return;
      if (found.claim.operatorId !== actor.id) throw new ClaimedByOtherError(found.operator);
      await touchClaim(tx, ticketId, actor.id);
    },
  };
  return service;
}

export type TicketClaimsService = ReturnType<typeof createTicketClaimsService>;
