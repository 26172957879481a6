import type { z } from 'zod';
import { scaleOf } from '../exchange/exchange.catalog';
import {
  Decimal,
  HOLD_CLIENT_KINDS,
  toAmount,
  type AdminHold,
  type AdminHoldsCancelGroup,
  type AdminTicketLimits,
  type adminHoldsCancel,
  type adminTicketLimitsUpdate,
} from '@obmen/shared';
import type { Db } from '../../db/database';
import { writeAudit } from '../admin/admin.repository';
import type { Catalog } from '../exchange/exchange.catalog';
import {
  listHolds,
  lockOpenTicketsInGroup,
  lockOpenTicketsOf,
  readTicketLimits,
  writeTicketLimits,
  type TicketLimitsRow,
} from './ticket-limits';
import type { TicketsService } from './tickets.service';

/** Who acts in the console, as its audit names them. */
interface Actor {
  id: string;
  username: string;
}

/** How many clients of each kind the console lists: the ones holding most come first. */
const LISTED_CLIENTS = 50;

/** The group as the audit names it: `range:203.0.113.0/24 domain:example.com older:30`. */
const groupName = (group: Omit<AdminHoldsCancelGroup, 'note'>) =>
  [
    group.addressRange && `range:${group.addressRange}`,
    group.emailDomain && `domain:${group.emailDomain}`,
    group.olderThanMinutes && `older:${group.olderThanMinutes}`,
  ]
    .filter(Boolean)
    .join(' ');

const toLimitsDto = (row: TicketLimitsRow): AdminTicketLimits => ({
  openPerEmail: row.openPerEmail,
  openPerUser: row.openPerUser,
  openPerAddress: row.openPerAddress,
  reserveSharePercent: new Decimal(row.reserveSharePercent).toFixed(),
  unpaidHoldPercent: new Decimal(row.unpaidHoldPercent).toFixed(),
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
  /** The open tickets `which` locks, cancelled in one transaction with one audit record of the action. */
  async function cancelAudited(
    actor: Actor,
    which: Parameters<TicketsService['cancelOpen']>[0],
    note: string | undefined,
    action: string,
    resourceId: string,
  ): Promise<{ cancelled: number }> {
    const cancelled = await tickets.cancelOpen(which, {
      actor: `operator:${actor.id}`,
      note: note ?? null,
      within: (tx, numbers) =>
        writeAudit(tx, {
          actorId: actor.id,
          actorName: actor.username,
          action,
          resource: 'holds',
          resourceId,
          before: { open: numbers },
          after: { cancelled: numbers.length, note: note ?? null },
        }),
    });
    return { cancelled };
  }

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
    cancelAll: (actor: Actor, { by, client, note }: z.output<typeof adminHoldsCancel>) =>
      cancelAudited(actor, (tx) => lockOpenTicketsOf(tx, by, client), note, 'cancel-all', `${by}:${client}`),

    /**
     * Cancels every open unpaid ticket of a group (an address range, an e-mail domain, an age) in
     * one transaction and one audit record (issue 42): a crowd of addresses is freed in one action.
     */
    cancelGroup: (actor: Actor, { note, ...group }: AdminHoldsCancelGroup) =>
      cancelAudited(actor, (tx) => lockOpenTicketsInGroup(tx, group), note, 'cancel-group', groupName(group)),
  };
}

export type TicketHoldsService = ReturnType<typeof createTicketHoldsService>;
