import { sql } from 'drizzle-orm';
import { Decimal, trimAmount, type TelegramAlertKind } from '@obmen/shared';
import { queryRows, type DbOrTx } from '../../db/database';
import { readDeskSettings } from '../tickets/ticket-claims.repository';
import { waitsPastRed } from '../tickets/ticket-desk.repository';
import type { AlertFacts } from './telegram.messages';

export interface Condition {
  /** Names one occurrence: it alerts once while it holds. */
  key: string;
  facts: AlertFacts;
}

/**
 * What the alert check finds wrong now, by kind. Read from the state the other parts already keep
 * (ticket_payouts, the desk's clocks, prices, currencies.watch_error, reserves), so none of them has to call Telegram.
 */
export async function currentConditions(
  db: DbOrTx,
  reserveBelow: Record<string, string>,
  consoleLink: (ticketId: string) => string,
): Promise<Map<TelegramAlertKind, Condition[]>> {
  const payouts = await queryRows<{ id: string; state: string; attempt: number; ticket_id: string; number: number }>(
    db,
    sql`select p.id, p.state, p.attempt, p.ticket_id, t.number::int as number
        from ticket_payouts p join tickets t on t.id = p.ticket_id
        where p.state in ('unknown', 'awaiting_approval')`,
  );
  const stale = await queryRows<{ code: string }>(
    db,
    sql`select currency_code as code from prices
        where max_age_seconds is not null and updated_at < now() - make_interval(secs => max_age_seconds)`,
  );
  const chains = await queryRows<{ code: string; error: string }>(
    db,
    sql`select code, watch_error as error from currencies where watch_error is not null`,
  );
  const reserves = await queryRows<{ code: string; free: string }>(
    db,
    sql`select currency_code as code, greatest(balance - held, 0)::text as free from reserves`,
  );
  // Once per ticket and wait: a ticket that leaves the state and comes back to it is a new wait.
  const pastRed = await waitsPastRed(db, (await readDeskSettings(db)).sla);
  const ticketFacts = (p: (typeof payouts)[number]) => ({ number: p.number, link: consoleLink(p.ticket_id) });
  return new Map<TelegramAlertKind, Condition[]>([
    [
      'payout_unknown',
      payouts
        .filter((p) => p.state === 'unknown')
        .map((p) => ({ key: `payout_unknown:${p.id}:${p.attempt}`, facts: ticketFacts(p) })),
    ],
    [
      'payout_approval',
      payouts
        .filter((p) => p.state === 'awaiting_approval')
        .map((p) => ({ key: `payout_approval:${p.id}`, facts: ticketFacts(p) })),
    ],
    [
      'sla_red',
      pastRed.map((t) => ({
        key: `sla_red:${t.id}:${t.state}:${t.waitSinceMs}`,
        facts: { number: t.number, link: consoleLink(t.id), minutes: t.minutes, waitState: t.state },
      })),
    ],
    ['price_stale', stale.map((p) => ({ key: `price_stale:${p.code}`, facts: { currency: p.code } }))],
    [
      'chain_down',
      chains.map((c) => ({ key: `chain_down:${c.code}`, facts: { currency: c.code, detail: c.error.slice(0, 200) } })),
    ],
    [
      'reserve_low',
      reserves
        .filter((r) => reserveBelow[r.code] !== undefined && new Decimal(r.free).lt(reserveBelow[r.code]!))
        .map((r) => ({
          key: `reserve_low:${r.code}`,
          facts: {
            currency: r.code,
            amount: `${trimAmount(r.free)} ${r.code}`,
            threshold: `${trimAmount(reserveBelow[r.code]!)} ${r.code}`,
          },
        })),
    ],
  ]);
}
