import { sql } from 'drizzle-orm';
import { STATUS_MEDIAN_OF } from '@obmen/shared';
import { queryRows, type DbOrTx } from '../../db/database';

/** The watched networks as the chain watcher left them: its last answer's height and whether it answered. */
export function watchedNetworks(db: DbOrTx) {
  return queryRows<{
    code: string;
    chain: string;
    error: string | null;
    tip: string | null;
    tip_seen_at: Date | string | null;
  }>(
    db,
    sql`select code, watch_chain as chain, watch_error as error, watch_tip::text as tip, watch_tip_seen_at as tip_seen_at
        from currencies
        where watch_mode <> 'off' and watch_chain is not null and watch_api_url <> ''
        order by code`,
  );
}

/**
 * Each direction's median seconds from paid (the ticket's first entry into `new`, or into `on_review`
 * when AML held it first) to paid out (its entry into `success`), over its last STATUS_MEDIAN_OF
 * successful tickets by completion.
 */
export function payoutMedians(db: DbOrTx) {
  return queryRows<{ give_code: string; get_code: string; median: string | null; measured: number }>(
    db,
    sql`with done as (
          select t.id, t.give_code, t.get_code,
                 (select min(h.created_at) from ticket_history h where h.ticket_id = t.id and h.to_status in ('new', 'on_review')) as paid_at,
                 (select min(h.created_at) from ticket_history h where h.ticket_id = t.id and h.to_status = 'success') as done_at
          from tickets t
          where t.status = 'success'
        ),
        recent as (
          select give_code, get_code, extract(epoch from done_at - paid_at) as seconds,
                 row_number() over (partition by give_code, get_code order by done_at desc) as n
          from done
          where paid_at is not null and done_at is not null and done_at >= paid_at
        )
        select give_code, get_code,
               percentile_cont(0.5) within group (order by seconds)::text as median,
               count(*)::int as measured
        from recent
        where n <= ${STATUS_MEDIAN_OF}
        group by give_code, get_code`,
  );
}
