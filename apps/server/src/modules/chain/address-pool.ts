import type { DbOrTx, Tx } from '../../db/database';
import { deriveAddress, type Chain } from './addresses';
import { lockNextIndex, readNextIndex, releasedAddresses, usedAddresses } from './address-pool.repository';
import { takeNextIndex } from './chain.repository';

/**
 * An expired ticket's address is given again only this long after: a payment sent just before the
 * deadline is seen by the watcher's next runs and stays that ticket's (a cancelled one's at once).
 */
export const EXPIRED_ADDRESS_QUARANTINE_MS = 10 * 60_000;

/** BIP44's gap limit, most wallets' default (CHAIN_GAP_LIMIT). */
export const DEFAULT_GAP_LIMIT = 20;

const counterKey = (chain: Chain, xpub: string) => `${chain}:${xpub}`;

/** The first of `rows` that is the current key's own address at its index (an older key's tickets are left out). */
const ofKey = (chain: Chain, xpub: string, rows: { index: number; address: string }[]) =>
  rows.find((row) => deriveAddress(chain, xpub, Number(row.index)) === row.address);

/**
 * A new ticket's derived address, in its creation's transaction: the lowest one an unpaid cancelled
 * or expired ticket gave back, else the next index. Reuse keeps the run of unused addresses short,
 * so the operator's wallet (which looks its gap limit ahead) still shows every payment.
 */
export async function allocateAddress(tx: Tx, chain: Chain, xpub: string, now = new Date()) {
  const key = counterKey(chain, xpub);
  // The counter's row lock makes this the only allocation for the key until the transaction ends.
  const next = await lockNextIndex(tx, key);
  const released = ofKey(
    chain,
    xpub,
    await releasedAddresses(tx, chain, next, new Date(now.getTime() - EXPIRED_ADDRESS_QUARANTINE_MS)),
  );
  if (released) return { index: Number(released.index), address: released.address };
  const index = await takeNextIndex(tx, key);
  return { index, address: deriveAddress(chain, xpub, index) };
}

/**
 * How far past the last paid address tickets were given addresses: the wallet must look at least
 * `run` addresses ahead to show a payment to the newest one.
 */
export async function addressRun(db: DbOrTx, chain: Chain, xpub: string) {
  const next = await readNextIndex(db, counterKey(chain, xpub));
  const used = ofKey(chain, xpub, await usedAddresses(db, chain, next));
  const lastUsed = used ? Number(used.index) : -1;
  return { handedOut: next, lastUsed, run: next - 1 - lastUsed };
}
