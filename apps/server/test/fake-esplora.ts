import type { ServerResponse } from 'node:http';
import { startFakeApi } from './fake-api';

/*
 * A local Esplora (blockstream.info/api, mempool.space/api) for the chain watcher's tests and the
 * e2e: `/blocks/tip/height` as plain text and `/address/:a/txs[/chain[/:last_seen_txid]]` as JSON
 * lists, in the format of Esplora's API.md. Plain Node (no test runner imports), so a Playwright
 * spec can start it too.
 */

// BIP84's test vector account: its first receiving addresses are known (addresses.test.ts).
export const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
export const FIRST = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';

export interface EsploraTx {
  txid: string;
  status: { confirmed: boolean; block_height?: number; block_hash?: string; block_time?: number };
  vout: { scriptpubkey: string; scriptpubkey_type: string; scriptpubkey_address: string; value: number }[];
}

export interface FakeEsplora {
  /** http://127.0.0.1:port/api, as a currency's watchApiUrl names it. */
  url: string;
  close(): void;
  tip: number;
  /** Each address's history, in any order (pages are cut from it as Esplora would). */
  txs: Map<string, EsploraTx[]>;
  /** Never answer (the client's timeout). */
  hang: boolean;
  /** The status every answer has; not 200: an outage (a 500), with Esplora's plain-text body. */
  status: number;
  requests: number;
  /** The paths asked, and which of them answer 500 (a source failing half-way through a history). */
  paths: string[];
  failing: ((path: string) => boolean) | null;
}

/** A transaction paying `sats` to `address` (and change elsewhere), shaped as Esplora writes one; mined ten minutes ago unless told. */
export function payment(
  txid: string,
  address: string,
  sats: number,
  height: number | null,
  blockTime = Math.floor(Date.now() / 1000) - 600,
): EsploraTx {
  return {
    txid,
    status:
      height === null
        ? { confirmed: false }
        : { confirmed: true, block_height: height, block_hash: '00'.repeat(32), block_time: blockTime },
    vout: [
      { scriptpubkey: '0014aa', scriptpubkey_type: 'v0_p2wpkh', scriptpubkey_address: 'bc1qother', value: 54_321 },
      { scriptpubkey: '0014bb', scriptpubkey_type: 'v0_p2wpkh', scriptpubkey_address: address, value: sats },
    ],
  };
}

/**
 * A page of an address's history as Esplora's API.md gives it, newest first: `/txs` is up to 50
 * mempool transactions and the first 25 confirmed, `/txs/chain/:last_seen_txid` the 25 confirmed after that one.
 */
function esploraPage(txs: EsploraTx[], chainOnly: boolean, last: string | undefined): EsploraTx[] | null {
  const confirmed = txs
    .filter((tx) => tx.status.confirmed)
    .sort((a, b) => b.status.block_height! - a.status.block_height!);
  if (!chainOnly) return [...txs.filter((tx) => !tx.status.confirmed).slice(0, 50), ...confirmed.slice(0, 25)];
  const from = last === undefined ? 0 : confirmed.findIndex((tx) => tx.txid === last) + 1;
  return from === 0 && last !== undefined ? null : confirmed.slice(from, from + 25);
}

/** An empty chain at height 800 000; a test changes the returned object's fields as it goes. */
export async function startFakeEsplora(): Promise<FakeEsplora> {
  const held: ServerResponse[] = [];
  const api = await startFakeApi((req, res) => {
    fake.requests += 1;
    if (fake.hang) return void held.push(res);
    if (fake.status !== 200) return res.writeHead(fake.status, { 'content-type': 'text/plain' }).end('error');
    const path = req.url?.replace(/^\/api/, '') ?? '';
    fake.paths.push(path);
    if (fake.failing?.(path)) return res.writeHead(500).end('Internal Server Error');
    if (path === '/blocks/tip/height')
      return res.writeHead(200, { 'content-type': 'text/plain' }).end(String(fake.tip));
    const [, address, chain, last] = /^\/address\/([^/]+)\/txs(\/chain)?(?:\/([0-9a-f]{64}))?$/.exec(path) ?? [];
    if (!address) return res.writeHead(404).end('Not found');
    const page = esploraPage(fake.txs.get(address) ?? [], chain !== undefined, last);
    if (!page) return res.writeHead(400).end('Invalid hex string');
    return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page));
  });
  const fake: FakeEsplora = {
    url: `${api.base}/api`,
    close() {
      for (const res of held.splice(0)) res.destroy();
      api.close();
    },
    tip: 800_000,
    txs: new Map(),
    hang: false,
    status: 200,
    requests: 0,
    paths: [],
    failing: null,
  };
  return fake;
}
