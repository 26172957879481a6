import { STATUS_MEDIAN_FROM, type DirectionClosure, type SiteStatus } from '@obmen/shared';
import type { Db } from '../../db/database';
import type { Catalog } from '../exchange/exchange.catalog';
import type { ExchangeService } from '../exchange/exchange.service';
import type { SiteStateService } from '../site-state/site-state.service';
import { payoutMedians, watchedNetworks } from './status.repository';

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/**
 * The public status page (issue 48): read from what the parts already keep — the watcher's last
 * answer per network, the one rule that opens a direction (exchange-pairs.ts `whyClosed`), the
 * site's maintenance switch and the tickets' own history — so it can never say other than they do.
 */
export function createStatusService({
  db,
  catalog,
  exchange,
  siteState,
}: {
  db: Db;
  catalog: Catalog;
  exchange: Pick<ExchangeService, 'whyClosed'>;
  siteState: Pick<SiteStateService, 'isConvertEnabled'>;
}) {
  return {
    async read(now = new Date()): Promise<SiteStatus> {
      const [networks, medians, convertEnabled] = await Promise.all([
        watchedNetworks(db),
        payoutMedians(db),
        siteState.isConvertEnabled(),
      ]);
      const median = new Map(medians.map((m) => [`${m.give_code}>${m.get_code}`, m]));
      const directions = [...catalog.get().directions.values()]
        .filter(({ row }) => row.enabled)
        .map(({ row }) => {
          const closed: DirectionClosure[] = [...(exchange.whyClosed(row.giveCode, row.getCode, now.getTime()) ?? [])];
          if (!convertEnabled) closed.push('maintenance');
          const measured = median.get(`${row.giveCode}>${row.getCode}`);
          const count = measured?.measured ?? 0;
          return {
            give: row.giveCode,
            get: row.getCode,
            open: closed.length === 0,
            closedBecause: closed,
            medianPayoutSeconds:
              count >= STATUS_MEDIAN_FROM && measured?.median ? Math.round(Number(measured.median)) : null,
            ticketsMeasured: count,
          };
        })
        .sort((a, b) => a.give.localeCompare(b.give) || a.get.localeCompare(b.get));
      return {
        checkedAt: now.toISOString(),
        maintenance: !convertEnabled,
        networks: networks.map((n) => {
          const seenAt = iso(n.tip_seen_at);
          return {
            currency: n.code,
            chain: n.chain,
            up: n.error === null,
            lastBlock: n.tip === null ? null : Number(n.tip),
            lastBlockSeenAt: seenAt,
            lagSeconds: seenAt === null ? null : Math.max(0, Math.round((now.getTime() - Date.parse(seenAt)) / 1000)),
          };
        }),
        directions,
      };
    },
  };
}

export type StatusService = ReturnType<typeof createStatusService>;
