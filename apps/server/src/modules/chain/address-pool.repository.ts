// Derived deposit addresses given back and used (issue 42): unpaid cancelled tickets must not leave
// a run of unused addresses longer than the operator's wallet looks ahead (its gap limit).
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/database';
import type { Chain } from './addresses';

/** A payment was seen for the ticket `t`: a transfer the watcher reported, or one an operator entered. */
const paymentSeen = (alias: string) =>
  sql.raw(`(exists (select 1 from ticket_payments p where p.ticket_id = ${alias}.id)
    or exists (select 1 from chain_observations c where c.ticket_id = ${alias}.id))`);

/**
 * Reads a watched key's next index and locks its counter to the end of the transaction (as
 * `takeNextIndex` does), without taking the index.
 */
export async function lockNextIndex(tx: Tx, key: string): Promise<number> {
  const [row] = await queryRows<{ next: number }>(
    tx,
    sql`
    insert into chain_address_counters (key, next_index) values (${key}, 0)
    on conflict (key) do update set next_index = chain_address_counters.next_index
    returning next_index as next`,
  );
  return Number(row!.next);
}

/** A watched key's next index, read without a lock (for the console). */
export async function readNextIndex(db: DbOrTx, key: string): Promise<number> {
  const [row] = await queryRows<{ next: number }>(
    db,
    sql`select next_index as next from chain_address_counters where key = ${key}`,
  );
  return row ? Number(row.next) : 0;
}

/**
 * Derived addresses (index below `below`) whose every ticket was cancelled, or expired before
 * `expiredBefore`, with no payment seen: free for the next ticket, lowest index first.
 */
export function releasedAddresses(tx: Tx, chain: Chain, below: number, expiredBefore: Date) {
  return queryRows<{ index: number; address: string }>(
    tx,
    sql`
    select t.deposit_index as index, t.deposit_address as address from tickets t
    where t.deposit_chain = ${chain} and not t.deposit_tagged and t.deposit_address is not null
      and t.deposit_index < ${below}
      and not exists (
        select 1 from tickets o
        where o.deposit_chain = t.deposit_chain and o.deposit_address = t.deposit_address
          and (o.status <> 'deleted'
            or (o.status_reason = 'payment_expired' and o.finished_at >= ${expiredBefore.toISOString()}::timestamptz)
            or ${paymentSeen('o')}))
    group by t.deposit_index, t.deposit_address
    order by t.deposit_index
    limit 50`,
  );
}

/** The highest derived addresses that received a payment, highest first. */
export function usedAddresses(db: DbOrTx, chain: Chain, below: number) {
  return queryRows<{ index: number; address: string }>(
    db,
    sql`
    select distinct t.deposit_index as index, t.deposit_address as address from tickets t
    where t.deposit_chain = ${chain} and not t.deposit_tagged and t.deposit_address is not null
      and t.deposit_index < ${below} and ${paymentSeen('t')}
    order by t.deposit_index desc
    limit 50`,
  );
}
