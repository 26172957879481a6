import type { z } from 'zod';
import { scaleOf } from '../exchange/exchange.catalog';
import {
  Decimal,
  HOLD_CLIENT_KINDS,
  toAmount,
  type AdminHold,
  type AdminTicketLimits,
  type adminHoldsCancel,
  type adminTicketLimitsUpdate,
} from '@obmen/shared';
import type { Db } from '../../db/database';
import { writeAudit } from '../admin/admin.repository';
import type { Catalog } from '../exchange/exchange.catalog';
import { listHolds, readTicketLimits, writeTicketLimits, type TicketLimitsRow } from './ticket-limits';
import type { TicketsService } from './tickets.service';

/** Who acts in the console, as its audit names them. */
interface Actor {
  id: string;
  username: string;
}

/** How many clients of each kind the console lists: the ones holding most come first. */
const LISTED_CLIENTS = 50;

const toLimitsDto = (row: TicketLimitsRow): AdminTicketLimits => ({
  openPerEmail: row.openPerEmail,
  openPerUser: row.openPerUser,
  openPerAddress: row.openPerAddress,
  reserveSharePercent: new Decimal(row.reserveSharePercent).toFixed(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The console's view of what clients hold of the reserves (issue 33): the limits on open unpaid
 * tickets and a ticket's share, the clients holding most, and cancelling all of one client's.
 */
export function createTicketHoldsService({
  db,
  catalog,
  tickets,
}: {
  db: Db;
  catalog: Catalog;
  tickets: TicketsService;
}) {
  return {
    limits: async () => toLimitsDto(await readTicketLimits(db)),

    async setLimits(actor: Actor, change: z.output<typeof adminTicketLimitsUpdate>): Promise<AdminTicketLimits> {
      const before = await readTicketLimits(db);
      const after = await db.transaction(async (tx) => {
        const row = await writeTicketLimits(tx, change);
        const { updatedAt: _b, ...was } = toLimitsDto(before);
        const { updatedAt: _a, ...now } = toLimitsDto(row);
        await writeAudit(tx, {
          actorId: actor.id,
          actorName: actor.username,
          action: 'update',
          resource: 'ticket-limits',
          resourceId: '1',
          before: was,
          after: now,
        });
        return row;
      });
      // The share is part of every quote: the catalog reads it again, here and in other processes.
      await catalog.changed();
      return toLimitsDto(after);
    },

    async holds(): Promise<AdminHold[]> {
      const currencies = catalog.get().currencies;
      const lists = await Promise.all(HOLD_CLIENT_KINDS.map((by) => listHolds(db, by, LISTED_CLIENTS)));
      return HOLD_CLIENT_KINDS.flatMap((by, i) =>
        lists[i]!.map((entry) => ({
          by,
          client: entry.client,
          tickets: entry.tickets,
          held: entry.held.map((h) => {
            const currency = currencies.get(h.getCode)?.row;
            return {
              currencyCode: h.getCode,
              valute: currency?.valute ?? h.getCode,
              amount: toAmount(new Decimal(h.held), scaleOf(catalog.get(), h.getCode), 'up'),
            };
          }),
          oldest: entry.oldest.toISOString(),
        })),
      );
    },

    /** Cancels every open unpaid ticket of one client in one action, audited as one. */
    async cancelAll(
      actor: Actor,
      { by, client, note }: z.output<typeof adminHoldsCancel>,
    ): Promise<{ cancelled: number }> {
      const cancelled = await tickets.cancelOpenOf(by, client, {
        actor: `operator:${actor.id}`,
        note: note ?? null,
        within: (tx, numbers) =>
          writeAudit(tx, {
            actorId: actor.id,
            actorName: actor.username,
            action: 'cancel-all',
            resource: 'holds',
            resourceId: `${by}:${client}`,
            before: { open: numbers },
            after: { cancelled: numbers.length, note: note ?? null },
          }),
      });
      return { cancelled };
    },
  };
}

export type TicketHoldsService = ReturnType<typeof createTicketHoldsService>;
