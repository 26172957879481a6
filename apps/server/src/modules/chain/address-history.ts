// Reading an address's whole history since the last run, page by page (issue 42): a busy address's
// first page must not hide a payment under newer transactions.

/** A transaction an earlier run read, where the next one stops or goes on. */
export interface HistoryMark {
  txid: string;
  height: number;
}

/** Where the last run left an address's history (kept in app_meta between runs). */
export interface HistoryCursor {
  /** Every transaction older than this one was read and is settled: no run reads it again. */
  settled?: HistoryMark;
  /**
   * A run that reached its page bound: it read from `top` down to `resume`; the next run reads down to
   * `top` and goes on from `resume`.
   */
  resume?: { top: HistoryMark; from: HistoryMark };
  /** TronGrid: the block time (ms) of the newest solidified transfer; later runs ask from there. */
  settledMs?: number;
}

/** What the watcher tells a client about one address: where the last run left it, and how far back anything matters. */
export interface AddressHistory {
  cursor: HistoryCursor | null;
  /** A transaction mined before this is no watched ticket's payment: the reading stops there. */
  since: Date;
}

export interface HistoryRead {
  of: ReadonlyMap<string, AddressHistory>;
  /** Pages one run reads at most per address (CHAIN_HISTORY_PAGES). */
  maxPages: number;
}

/** Pages of one run read at most per address, unless CHAIN_HISTORY_PAGES says otherwise (500 confirmed Esplora transactions). */
export const HISTORY_PAGES = 20;

export interface EsploraTx {
  txid: string;
  status: { confirmed: boolean; block_height?: number; block_time?: number };
  vout: { scriptpubkey_address?: string; value: number }[];
}

// Esplora's API.md: 25 confirmed transactions a page, newest first.
const ESPLORA_PAGE = 25;

/**
 * An address's Esplora history from the newest transaction down to where the last run left it (or to
 * `since`), at most `maxPages` pages; the cursor to keep once this run's reports are all taken.
 */
export async function readEsploraHistory(
  get: (path: string) => Promise<EsploraTx[]>,
  address: string,
  /** The chain's height, asked beside the first page. */
  tipOf: Promise<number>,
  required: number,
  history: AddressHistory,
  maxPages: number,
): Promise<{ txs: EsploraTx[]; cursor: HistoryCursor }> {
  const cursor = history.cursor ?? {};
  const since = Math.floor(history.since.getTime() / 1000);
  const read: EsploraTx[] = [];
  let pages = 0;
  const below = (tx: EsploraTx, mark: HistoryMark | undefined) =>
    mark !== undefined && tx.status.confirmed && (tx.txid === mark.txid || tx.status.block_height! < mark.height);

  /** Pages from `first` on until `stop` says so or a short page ends the history: 'end', 'stop' or 'bound'. */
  async function walk(first: string, stop: (tx: EsploraTx) => boolean) {
    let path = first;
    for (;;) {
      if (pages >= maxPages) return 'bound';
      const page = await get(path);
      pages += 1;
      let last: EsploraTx | undefined;
      for (const tx of page) {
        if (tx.status.confirmed && (stop(tx) || (tx.status.block_time ?? since) < since)) return 'stop';
        read.push(tx);
        if (tx.status.confirmed) last = tx;
      }
      if (page.filter((tx) => tx.status.confirmed).length < ESPLORA_PAGE || !last) return 'end';
      path = `/address/${address}/txs/chain/${last.txid}`;
    }
  }

  const top = cursor.resume?.top;
  let outcome = await walk(`/address/${address}/txs`, (tx) => below(tx, top ?? cursor.settled));
  const newest = read.find((tx) => tx.status.confirmed);
  if (outcome === 'stop' && cursor.resume) {
    // Down to where the last run began: go on from where it stopped.
    outcome = await walk(`/address/${address}/txs/chain/${cursor.resume.from.txid}`, (tx) => below(tx, cursor.settled));
  }
  const tip = await tipOf;
  const confirmations = (tx: EsploraTx) => (tx.status.confirmed ? tip - tx.status.block_height! + 1 : 0);
  const mark = (tx: EsploraTx): HistoryMark => ({ txid: tx.txid, height: tx.status.block_height! });
  if (outcome === 'bound') {
    const oldest = read.findLast((tx) => tx.status.confirmed);
    // Transfers short of their confirmations must all be in the answer, or one would seem gone.
    if (!oldest || confirmations(oldest) < required) {
      throw new Error(`more than ${maxPages} pages of unsettled transactions at ${address}`);
    }
    return {
      txs: read,
      cursor: { ...cursor, resume: { top: newest ? mark(newest) : cursor.resume!.top, from: mark(oldest) } },
    };
  }
  const settled = read.find((tx) => tx.status.confirmed && confirmations(tx) >= required);
  return {
    txs: read,
    cursor: settled ? { settled: mark(settled) } : { ...(cursor.settled && { settled: cursor.settled }) },
  };
}
