import { Decimal } from '@obmen/shared';
import type { Database } from '../../db/database';
import type { Catalog, CatalogCurrency } from '../exchange/exchange.catalog';
import type { RetryOptions } from '../rates/fetch-with-retry';
import type { Chain } from './addresses';
import { createChainClient, type ChainClient, type ChainSource, type IncomingTransfer } from './chain-clients';
import {
  listObservations,
  listWatchedTickets,
  saveObservation,
  setWatchError,
  type ObservationRow,
  type WatchedTicket,
} from './chain.repository';
import type { IncomingPayment } from '../tickets/incoming-payments.service';
import { WATCH_AFTER_DEADLINE_MS } from './deposits';

/** What the watcher saw of one incoming transfer to a ticket's deposit address: what the tickets side records. */
export type Observation = IncomingPayment;

export type OnObservation = (observation: Observation) => Promise<void>;

export interface ChainWatcherOptions {
  database: Database;
  catalog: Catalog;
  /** Where each new or changed observation goes (tickets.recordIncomingPayment). */
  onObservation: OnObservation;
  now?: () => Date;
  retry?: RetryOptions;
}

const sourceOf = (currency: CatalogCurrency): ChainSource => ({
  chain: currency.row.watchChain!,
  apiUrl: currency.row.watchApiUrl,
  token: currency.row.watchToken,
  decimals: currency.row.watchDecimals,
  confirmations: currency.row.watchConfirmations,
});

const keyOf = (ticketId: string, txid: string, position: number) => `${ticketId}\n${txid}\n${position}`;

/** Worth telling: new, back after vanishing, or confirmations moved while still short of the threshold or reaching it. */
function changed(before: ObservationRow | undefined, seen: IncomingTransfer, required: number): boolean {
  if (!before || before.gone) return true;
  if (before.confirmations === seen.confirmations) return false;
  return !(before.confirmations >= required && seen.confirmations >= required);
}

/**
 * Reads each watched ticket's deposit address on a chain and reports what arrived, once per change.
 * A currency whose chain API fails (after its retries) is marked, which closes its directions as a
 * stale price does, until it answers again.
 */
export function createChainWatcher({
  database,
  catalog,
  onObservation,
  now = () => new Date(),
  retry = {},
}: ChainWatcherOptions) {
  const { db } = database;

  /** The transfers each ticket of one currency received; throws when its source does not answer. */
  async function read(client: ChainClient, watched: WatchedTicket[]) {
    const byAddress = new Map<string, WatchedTicket[]>();
    for (const t of watched) byAddress.set(t.address!, [...(byAddress.get(t.address!) ?? []), t]);
    const seen: { ticket: WatchedTicket; transfer: IncomingTransfer }[] = [];
    for (const [address, group] of byAddress) {
      for (const transfer of await client.incoming(address)) {
        // At a shared address the exact sum tells whose payment it is; an own address needs no telling.
        const amount = new Decimal(transfer.amount);
        const ticket = group[0]!.tagged ? group.find((t) => new Decimal(t.giveSum).eq(amount)) : group[0];
        if (ticket) seen.push({ ticket, transfer });
      }
    }
    return seen;
  }

  async function report(currency: CatalogCurrency, watched: WatchedTicket[], seen: Awaited<ReturnType<typeof read>>) {
    const required = currency.row.watchConfirmations;
    const reported = await listObservations(
      db,
      watched.map((t) => t.id),
    );
    const before = new Map(reported.map((o) => [keyOf(o.ticketId, o.txid, o.position), o]));
    const at = now();
    const tell = async (row: ObservationRow) => {
      await onObservation({
        ticketId: row.ticketId,
        txid: row.txid,
        amount: new Decimal(row.amount).toFixed(),
        confirmations: row.confirmations,
        required,
        seenAt: at,
        gone: row.gone,
      });
      // Recorded only once it was taken: a report that failed is made again on the next run.
      await saveObservation(db, row);
    };
    const present = new Set<string>();
    for (const { ticket, transfer } of seen) {
      const key = keyOf(ticket.id, transfer.txid, transfer.position);
      if (present.has(key)) continue;
      present.add(key);
      if (!changed(before.get(key), transfer, required)) continue;
      await tell({
        ticketId: ticket.id,
        txid: transfer.txid,
        position: transfer.position,
        amount: transfer.amount,
        confirmations: transfer.confirmations,
        gone: false,
        reportedAt: at,
      });
    }
    // A transfer past the threshold is settled: one that leaves a long answer's first page (a busy
    // shared address) has not vanished, and reorganisations that deep are not waited for.
    for (const [key, row] of before) {
      if (!row.gone && row.confirmations < required && !present.has(key)) {
        await tell({ ...row, gone: true, reportedAt: at });
      }
    }
  }

  return {
    /** One run for a chain; skipped when another process is at it. */
    async watch(chain: Chain): Promise<{ ran: boolean }> {
      return database.tryLock(`chain-watch:${chain}`, async () => {
        const currencies = [...catalog.get().currencies.values()].filter(
          (c) => c.row.watchMode !== 'off' && c.row.watchChain === chain && c.row.watchApiUrl,
        );
        if (currencies.length === 0) return;
        const watched = await listWatchedTickets(db, chain, new Date(now().getTime() - WATCH_AFTER_DEADLINE_MS));
        let health = false;
        try {
          for (const currency of currencies) {
            const mine = watched.filter((t) => t.giveCode === currency.row.code);
            const client = createChainClient(sourceOf(currency), retry);
            let seen: Awaited<ReturnType<typeof read>>;
            try {
              // With nothing to read, the tip alone says whether the source is up (so it can reopen).
              seen = mine.length > 0 ? await read(client, mine) : (await client.probe(), []);
            } catch (error) {
              const reason = `${chain} API: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
              health = (await setWatchError(db, currency.row.code, reason)) || health;
              continue;
            }
            health = (await setWatchError(db, currency.row.code, null)) || health;
            await report(currency, mine, seen);
          }
        } finally {
          // A source that went down or came back opens or closes its directions in every process.
          if (health) await catalog.changed();
        }
      });
    },
  };
}

export type ChainWatcher = ReturnType<typeof createChainWatcher>;
