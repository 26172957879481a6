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
    // Each direction's last successful tickets first (a success's last change is its completion),
    // so the history is read for those few, not for every ticket the exchanger ever completed.
    sql`with latest as (
          select id, give_code, get_code,
                 row_number() over (partition by give_code, get_code order by updated_at desc, id) as n
          from tickets
          where status = 'success'
        ),
        done as (
          select l.give_code, l.get_code,
                 (select min(h.created_at) from ticket_history h where h.ticket_id = l.id and h.to_status in ('new', 'on_review')) as paid_at,
                 (select min(h.created_at) from ticket_history h where h.ticket_id = l.id and h.to_status = 'success') as done_at
          from latest l
          where l.n <= ${STATUS_MEDIAN_OF}
        )
        select give_code, get_code,
               percentile_cont(0.5) within group (order by extract(epoch from done_at - paid_at))::text as median,
               count(*)::int as measured
        from done
        where paid_at is not null and done_at is not null and done_at >= paid_at
        group by give_code, get_code`,
  );
}
