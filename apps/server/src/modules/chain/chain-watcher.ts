import { Decimal, roundDown } from '@obmen/shared';
import type { Database } from '../../db/database';
import type { Catalog, CatalogCurrency } from '../exchange/exchange.catalog';
import type { RetryOptions } from '../rates/fetch-with-retry';
import type { Chain } from './addresses';
import {
  createChainClient,
  ETHEREUM_SCAN_BLOCKS,
  type ChainClient,
  type ChainSource,
  type IncomingTransfer,
} from './chain-clients';
import {
  listObservations,
  listWatchedTickets,
  readHistoryCursors,
  readScanCursor,
  saveHistoryCursors,
  saveObservation,
  saveScanCursor,
  recordWatchTip,
  setWatchError,
  type ObservationRow,
  type WatchedTicket,
} from './chain.repository';
import type { IncomingPayment } from '../tickets/incoming-payments.service';
import { WATCH_AFTER_DEADLINE_MS } from './deposits';
import { HISTORY_PAGES, type AddressHistory } from './address-history';

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
  /** New blocks one run of a block scan (plain ETH) reads at most (CHAIN_SCAN_BLOCKS). */
  scanBlocks?: number;
  /** Pages of an address's history one run reads at most (CHAIN_HISTORY_PAGES). */
  historyPages?: number;
}

const sourceOf = (currency: CatalogCurrency): ChainSource => ({
  chain: currency.row.watchChain!,
  apiUrl: currency.row.watchApiUrl,
  token: currency.row.watchToken,
  decimals: currency.row.watchDecimals,
  confirmations: currency.row.watchConfirmations,
});

const keyOf = (ticketId: string, txid: string, position: number) => `${ticketId}\n${txid}\n${position}`;

/**
 * A transfer mined this long before a ticket was made is not its payment: an older one of the same
 * sum at a shared address (tags repeat once a day's tickets are done), still in the API's list. The
 * margin covers block times that trail the clock (Bitcoin's may, by up to about an hour).
 */
const OLDER_THAN_TICKET_MS = 2 * 3_600_000;

/** Worth telling: new, back after vanishing, or confirmations moved while still short of the threshold or reaching it. */
function changed(before: ObservationRow | undefined, seen: IncomingTransfer, required: number): boolean {
  if (!before || before.gone) return true;
  if (before.confirmations === seen.confirmations) return false;
  return !(before.confirmations >= required && seen.confirmations >= required);
}

/**
 * One payment per transaction and address, as the tickets side counts them (by txid): two outputs
 * (or token transfers) of one transaction to the address add up. Dust below the currency's smallest
 * unit is no payment; reported, it would be refused and stop the network's reports at every run.
 */
function paymentsOf(transfers: IncomingTransfer[], scale: number): IncomingTransfer[] {
  const byTx = new Map<string, IncomingTransfer>();
  const counted = new Set<string>();
  for (const transfer of transfers) {
    // An answer that lists one transaction twice (Esplora's pages overlapping) is one transfer.
    const key = `${transfer.txid}\n${transfer.position}`;
    if (counted.has(key)) continue;
    counted.add(key);
    const earlier = byTx.get(transfer.txid);
    byTx.set(
      transfer.txid,
      earlier ? { ...earlier, amount: new Decimal(earlier.amount).plus(transfer.amount).toFixed() } : { ...transfer },
    );
  }
  return [...byTx.values()].filter((t) => roundDown(new Decimal(t.amount), scale).gt(0));
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
  scanBlocks = ETHEREUM_SCAN_BLOCKS,
  historyPages = HISTORY_PAGES,
}: ChainWatcherOptions) {
  const { db } = database;

  /**
   * The transfers each ticket of one currency received; throws when its source does not answer.
   * `last` is where a block scan goes on from; the answer says where it got to.
   */
  async function read(client: ChainClient, currency: CatalogCurrency, watched: WatchedTicket[], last: number | null) {
    const byAddress = new Map<string, WatchedTicket[]>();
    for (const t of watched) byAddress.set(t.address!, [...(byAddress.get(t.address!) ?? []), t]);
    const cursors = await readHistoryCursors(db, currency.row.code);
    // Nothing mined long before an address's oldest watched ticket is its payment: the history stops there.
    const history = new Map(
      [...byAddress].map(([address, group]): [string, AddressHistory] => [
        address,
        {
          cursor: cursors.get(address) ?? null,
          since: new Date(Math.min(...group.map((t) => t.createdAt.getTime())) - OLDER_THAN_TICKET_MS),
        },
      ]),
    );
    const answer = await client.incoming(
      [...byAddress.keys()],
      { last, maxBlocks: scanBlocks },
      { of: history, maxPages: historyPages },
    );
    const { transfers, scanned } = answer;
    const seen: { ticket: WatchedTicket; transfer: IncomingTransfer }[] = [];
    for (const [address, group] of byAddress) {
      for (const transfer of paymentsOf(transfers.get(address) ?? [], currency.row.scale)) {
        // At a shared address the exact sum tells whose payment it is; an own address needs no telling.
        const amount = new Decimal(transfer.amount);
        const ticket = group[0]!.tagged ? group.find((t) => new Decimal(t.giveSum).eq(amount)) : group[0];
        if (!ticket) continue;
        if (transfer.blockTime && transfer.blockTime.getTime() < ticket.createdAt.getTime() - OLDER_THAN_TICKET_MS) {
          continue;
        }
        seen.push({ ticket, transfer });
      }
    }
    return { seen, scanned, cursors: answer.cursors, byAddress };
  }

  async function report(
    currency: CatalogCurrency,
    watched: WatchedTicket[],
    seen: Awaited<ReturnType<typeof read>>['seen'],
  ) {
    const required = currency.row.watchConfirmations;
    const reported = await listObservations(
      db,
      watched.map((t) => t.id),
    );
    const before = new Map(reported.map((o) => [keyOf(o.ticketId, o.txid, o.position), o]));
    const at = now();
    /** Reports not taken, and the earliest block (of a block scan) one of them came from. */
    const failures: string[] = [];
    const failedTickets = new Set<string>();
    let failedBlock: number | null = null;
    /** `seenAt`: when it was first there; a block made before the watcher saw it (it was down) says so. */
    const tell = async (row: ObservationRow, seenAt = at, block?: number) => {
      try {
        await onObservation({
          ticketId: row.ticketId,
          txid: row.txid,
          amount: new Decimal(row.amount).toFixed(),
          confirmations: row.confirmations,
          required,
          seenAt,
          gone: row.gone,
        });
      } catch (error) {
        // One ticket's trouble holds up no other's report; this one is made again on the next run.
        failures.push(`${row.txid}: ${error instanceof Error ? error.message : String(error)}`);
        failedTickets.add(row.ticketId);
        if (block !== undefined) failedBlock = Math.min(failedBlock ?? block, block);
        return;
      }
      // Recorded only once it was taken: a report that failed is made again on the next run.
      await saveObservation(db, row);
    };
    const present = new Set<string>();
    for (const { ticket, transfer } of seen) {
      const key = keyOf(ticket.id, transfer.txid, transfer.position);
      if (present.has(key)) continue;
      present.add(key);
      if (!changed(before.get(key), transfer, required)) continue;
      await tell(
        {
          ticketId: ticket.id,
          txid: transfer.txid,
          position: transfer.position,
          amount: transfer.amount,
          confirmations: transfer.confirmations,
          gone: false,
          reportedAt: at,
        },
        transfer.blockTime && transfer.blockTime < at ? transfer.blockTime : at,
        transfer.block,
      );
    }
    // A transfer past the threshold is settled: one that leaves a long answer's first page (a busy
    // shared address) has not vanished, and reorganisations that deep are not waited for.
    for (const [key, row] of before) {
      if (!row.gone && row.confirmations < required && !present.has(key)) {
        await tell({ ...row, gone: true, reportedAt: at });
      }
    }
    return { failures, failedTickets, failedBlock };
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
        const failures: string[] = [];
        try {
          for (const currency of currencies) {
            const mine = watched.filter((t) => t.giveCode === currency.row.code);
            const client = createChainClient(sourceOf(currency), retry);
            const cursor = `chain_scan:${chain}:${currency.row.code}`;
            const last = client.scansBlocks && mine.length > 0 ? await readScanCursor(db, cursor) : null;
            let answer: Awaited<ReturnType<typeof read>>;
            try {
              // With nothing to read, the tip alone says whether the source is up (so it can reopen).
              answer =
                mine.length > 0
                  ? await read(client, currency, mine, last)
                  : { seen: [], scanned: null, cursors: new Map(), byAddress: new Map() };
              // How far the chain is, for /status: the reads asked it already where they needed it (a run asks once).
              await recordWatchTip(db, currency.row.code, await client.probe());
            } catch (error) {
              const reason = `${chain} API: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
              health = (await setWatchError(db, currency.row.code, reason)) || health;
              continue;
            }
            const refused = await report(currency, mine, answer.seen);
            failures.push(...refused.failures.map((failure) => `${currency.row.code} ${failure}`));
            // An address whose report was not taken is read from the same place again next run.
            const cursors = new Map(
              [...answer.cursors].filter(
                ([address]) => !(answer.byAddress.get(address) ?? []).some((t) => refused.failedTickets.has(t.id)),
              ),
            );
            await saveHistoryCursors(db, currency.row.code, cursors, [...answer.byAddress.keys()]);
            let error: string | null = null;
            if (client.scansBlocks) {
              // A block scan moves on only so far that a block whose payment was not taken is read
              // again next run (the unsettled window); with nothing watched it starts near the tip.
              const scanned =
                answer.scanned === null || refused.failedBlock === null
                  ? answer.scanned
                  : Math.min(answer.scanned, refused.failedBlock + currency.row.watchConfirmations - 1);
              await saveScanCursor(db, cursor, scanned);
              // Stuck there, it would see no later payment: its directions close as if the source were down.
              if (refused.failures.length > 0 && last !== null && scanned !== null && scanned <= last) {
                error = `${chain} payments not recorded: ${refused.failures[0]}`.slice(0, 500);
              }
            }
            health = (await setWatchError(db, currency.row.code, error)) || health;
          }
        } finally {
          // A source that went down or came back opens or closes its directions in every process.
          if (health) await catalog.changed();
        }
        // The run fails (the job's log and retry) once every other report was made.
        if (failures.length > 0) throw new Error(`reports not taken: ${failures.join('; ')}`.slice(0, 1000));
      });
    },
  };
}

export type ChainWatcher = ReturnType<typeof createChainWatcher>;
