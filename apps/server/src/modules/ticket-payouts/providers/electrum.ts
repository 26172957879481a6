import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { Decimal } from '@obmen/shared';
import {
  PayoutOutcomeUnknown,
  PayoutRefused,
  type PayoutOutcome,
  type PayoutProvider,
  type PayoutRequest,
} from '../payout-provider';

/**
 * An Electrum daemon's wallet (BTC; Electrum-LTC for LTC answers the same commands) over its JSON-RPC.
 * Commands and answers as spesmilo/electrum `electrum/commands.py` defines them; errors as
 * `electrum/daemon.py` (AuthenticatedServer.handle) writes them: from 4.5 on, code 1 with the text of a
 * user-facing error and code 2 with the exception's repr in `data.exception` for any other; before 4.5
 * (Electrum-LTC 4.0.9 too), code 1 with the exception's text. Both are read the same way: message and
 * exception together.
 */
export interface ElectrumSettings {
  /** The daemon's JSON-RPC address (`rpchost`, `rpcport`): http://127.0.0.1:7777 */
  url: string;
  /** `rpcuser` and `rpcpassword` of the daemon's config. */
  username: string;
  password: string;
  /** The wallet file's password when it is encrypted; null when it is not, or unlocked in the daemon. */
  walletPassword?: string | null;
  timeoutMs?: number;
}

/** Electrum's height of a transaction only this wallet has (address_synchronizer.TX_HEIGHT_LOCAL). */
const LOCAL_HEIGHT = -2;

/** Bitcoin and Litecoin both count 10⁸ of the smallest unit; Electrum truncates any further digit. */
const COIN_DECIMALS = 8;

/**
 * A broadcast the network answers this way is the same signed transaction already there, which cannot
 * pay twice. Bitcoin Core's texts as Electrum passes them on (interface.sanitize_tx_broadcast_response).
 */
const ALREADY_KNOWN = [
  'txn-already-in-mempool',
  'txn-already-known',
  'already in block chain',
  'transaction outputs already in utxo set',
];

/**
 * Rejections every node gives alike, at any time: a malformed transaction, or one consensus forbids.
 * Such a transaction was never accepted anywhere, so it never left. Policy rejections (fee too low,
 * dust, mempool full, a conflict, missing inputs) are not here: they differ between nodes and over
 * time (and missing inputs is also what a transaction already mined and spent gets), and Electrum may
 * have handed the transaction to an earlier server before this answer, so they are unknown outcomes.
 */
const NEVER_VALID = [
  'tx decode failed',
  'bad-txns-vin-empty',
  'bad-txns-vout-empty',
  'bad-txns-oversize',
  'bad-txns-vout-negative',
  'bad-txns-vout-toolarge',
  'bad-txns-txouttotal-toolarge',
  'bad-txns-inputs-duplicate',
  'bad-txns-prevout-null',
  'bad-txns-inputvalues-outofrange',
  'bad-txns-in-belowout',
  'bad-txns-fee-outofrange',
  'mandatory-script-verify-flag-failed',
  'block-script-verify-flag-failed',
];

const mentions = (text: string, phrases: readonly string[]) =>
  phrases.some((phrase) => text.toLowerCase().includes(phrase));

/** What one JSON-RPC call came to. */
type Answer =
  | { kind: 'result'; value: unknown }
  /** The daemon ran the command and it raised: the error's message and exception, as one text. */
  | { kind: 'error'; text: string }
  /** 401 or 403: the daemon checks the credentials before it reads the call, so nothing ran. */
  | { kind: 'unauthorized'; status: number }
  /** No answer, a 5xx (the daemon's own 500 or a proxy's), or one that does not parse: it may have run. */
  | { kind: 'unanswered'; reason: string };

/** What went wrong with a call that gave no result, in words for a message. */
const problemOf = (answer: Exclude<Answer, { kind: 'result' }>) =>
  answer.kind === 'error' ? answer.text : answer.kind === 'unauthorized' ? `HTTP ${answer.status}` : answer.reason;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A raw transaction's txid: double SHA-256 of the transaction without its witnesses (BIP 144), in
 * reversed byte order. Throws when the text is not one whole transaction (a PSBT, an error text).
 */
export function txidOf(rawHex: string): string {
  if (!/^(?:[0-9a-f]{2})+$/i.test(rawHex)) throw new Error('not a hex transaction');
  const bytes = hexToBytes(rawHex);
  let at = 0;
  const skip = (length: number) => {
    if (at + length > bytes.length) throw new Error('the transaction ends early');
    at += length;
  };
  const count = () => {
    skip(1);
    const first = bytes[at - 1]!;
    if (first < 0xfd) return first;
    const width = first === 0xfd ? 2 : first === 0xfe ? 4 : 8;
    skip(width);
    let value = 0;
    for (let i = width - 1; i >= 0; i -= 1) value = value * 256 + bytes[at - width + i]!;
    if (value > bytes.length) throw new Error('a count larger than the transaction');
    return value;
  };
  skip(4);
  // BIP 144: a zero input count followed by flag 1 marks witnesses; the txid leaves out both.
  const withWitness = bytes[at] === 0 && bytes[at + 1] === 1;
  if (withWitness) skip(2);
  const bodyStart = at;
  const inputs = count();
  for (let i = 0; i < inputs; i += 1) {
    skip(36);
    skip(count());
    skip(4);
  }
  const outputs = count();
  for (let i = 0; i < outputs; i += 1) {
    skip(8);
    skip(count());
  }
  const bodyEnd = at;
  if (withWitness) {
    for (let i = 0; i < inputs; i += 1) {
      const items = count();
      for (let j = 0; j < items; j += 1) skip(count());
    }
  }
  skip(4);
  if (at !== bytes.length) throw new Error('bytes after the transaction');
  const stripped = new Uint8Array(4 + (bodyEnd - bodyStart) + 4);
  stripped.set(bytes.subarray(0, 4), 0);
  stripped.set(bytes.subarray(bodyStart, bodyEnd), 4);
  stripped.set(bytes.subarray(at - 4), 4 + (bodyEnd - bodyStart));
  return bytesToHex(sha256(sha256(stripped)).reverse());
}

/** The amount as Electrum's `payto` reads it (BTC, at most 8 decimals), or a refusal before any call. */
function amountText(request: PayoutRequest): string {
  let amount: Decimal;
  try {
    amount = new Decimal(request.amount);
  } catch {
    throw new PayoutRefused('invalid_request', `amount ${request.amount} is not a number`);
  }
  // Electrum would cut further decimals off silently (commands.satoshis): refuse rather than pay less.
  if (!amount.isFinite() || amount.lte(0) || amount.decimalPlaces() > COIN_DECIMALS) {
    throw new PayoutRefused('invalid_request', `amount ${request.amount} is not a positive amount of 8 decimals`);
  }
  return amount.toFixed();
}

export function createElectrumProvider(settings: ElectrumSettings): PayoutProvider {
  const timeoutMs = settings.timeoutMs ?? 30_000;
  const authorization = `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString('base64')}`;
  let lastId = 0;

  async function call(method: string, params: Record<string, unknown>): Promise<Answer> {
    lastId += 1;
    const id = lastId;
    let status: number;
    let text: string;
    try {
      const response = await fetch(settings.url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer in ${timeoutMs} ms`
          : `${String(error)}${error instanceof Error && error.cause ? ` (${String(error.cause)})` : ''}`;
      return { kind: 'unanswered', reason };
    }
    if (status === 401 || status === 403) return { kind: 'unauthorized', status };
    if (status !== 200) return { kind: 'unanswered', reason: `HTTP ${status}` };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { kind: 'unanswered', reason: 'an answer that is not JSON' };
    }
    if (!isRecord(body) || body.id !== id) return { kind: 'unanswered', reason: 'an answer to another call' };
    if (isRecord(body.error)) {
      const { message, data } = body.error;
      const exception = isRecord(data) ? data.exception : undefined;
      return { kind: 'error', text: [message, exception].filter((part) => typeof part === 'string').join(': ') };
    }
    if (!('result' in body)) return { kind: 'unanswered', reason: 'an answer with neither result nor error' };
    return { kind: 'result', value: body.result };
  }

  /**
   * `payto` builds and signs; it never broadcasts, so whatever goes wrong here nothing left and the
   * answer is a refusal (a timeout included). `addtransaction` keeps the signed transaction in the
   * wallet as local: its coins are then spent for the next `payto`, so two payouts made at once (two
   * workers) do not pick the same coins, where one transaction would conflict with or replace the other.
   */
  async function signPayment(request: PayoutRequest): Promise<string> {
    if (request.memo) throw new PayoutRefused('invalid_request', 'a Bitcoin payment carries no memo');
    const answer = await call('payto', {
      destination: request.address,
      amount: amountText(request),
      unsigned: false,
      addtransaction: true,
      ...(settings.walletPassword ? { password: settings.walletPassword } : {}),
    });
    switch (answer.kind) {
      case 'result':
        if (typeof answer.value === 'string') {
          try {
            txidOf(answer.value);
            return answer.value;
          } catch {
            // A watch-only or multisig wallet answers a PSBT: nothing signed, nothing sent.
          }
        }
        throw new PayoutRefused('rejected', 'payto answered no signed transaction (a watch-only or multisig wallet?)');
      case 'error':
        if (/notenoughfunds|insufficient funds/i.test(answer.text)) {
          throw new PayoutRefused('insufficient_funds', `payto: ${answer.text}`);
        }
        // Electrum: AliasNotFoundException('Invalid Bitcoin address or alias'); Electrum-LTC 4.0:
        // "invalid bitcoin address: …"; an amount decimal cannot read: InvalidOperation.
        if (/aliasnotfound|invalid \w+ address|invalidoperation|conversionsyntax|dust/i.test(answer.text)) {
          throw new PayoutRefused('invalid_request', `payto: ${answer.text}`);
        }
        // "Password required", "Incorrect password", "wallet not loaded", no fee estimates…
        throw new PayoutRefused('rejected', `payto: ${answer.text}`);
      case 'unauthorized':
        throw new PayoutRefused('rejected', `payto: the daemon refused the RPC credentials (HTTP ${answer.status})`);
      case 'unanswered':
        throw new PayoutRefused('unavailable', `payto: ${answer.reason}; payto only signs, nothing was broadcast`);
    }
  }

  /** The wallet's history then carries the payout's key; a label that fails does not undo a payment. */
  async function sent(request: PayoutRequest, txid: string): Promise<PayoutOutcome> {
    await call('setlabel', { key: txid, label: request.key });
    return { state: 'sent', txid, ref: txid };
  }

  async function broadcast(request: PayoutRequest, raw: string, txid: string): Promise<PayoutOutcome> {
    const answer = await call('broadcast', { tx: raw });
    switch (answer.kind) {
      case 'result':
        // Electrum answers the txid it computed itself: another one means we do not know what went.
        if (typeof answer.value === 'string' && answer.value.toLowerCase() === txid) return sent(request, txid);
        throw new PayoutOutcomeUnknown(`broadcast of ${txid} answered ${JSON.stringify(answer.value)}`);
      case 'error':
        if (mentions(answer.text, ALREADY_KNOWN)) return sent(request, txid);
        if (mentions(answer.text, NEVER_VALID)) {
          throw new PayoutRefused('rejected', `broadcast of ${txid}: every node refuses it: ${answer.text}`);
        }
        throw new PayoutOutcomeUnknown(`broadcast of ${txid}: ${answer.text}`);
      case 'unauthorized':
        throw new PayoutRefused(
          'rejected',
          `broadcast: the daemon refused the RPC credentials (HTTP ${answer.status})`,
        );
      case 'unanswered':
        throw new PayoutOutcomeUnknown(`broadcast of ${txid}: ${answer.reason}`);
    }
  }

  function recordedTxid(prepared: string): string {
    try {
      return txidOf(prepared);
    } catch (error) {
      throw new PayoutRefused('invalid_request', `the recorded transaction does not parse: ${String(error)}`);
    }
  }

  return {
    async send(request, prepared, record) {
      // Once a signed transaction is recorded it is the only one this payout may ever send.
      if (prepared !== null) return broadcast(request, prepared, recordedTxid(prepared));
      const raw = await signPayment(request);
      const txid = txidOf(raw);
      await record(raw);
      return broadcast(request, raw, txid);
    },

    /**
     * Without a recorded transaction nothing can have left: `payto` only signs, and `broadcast` is
     * called only after `record` has kept what it sends. With one, the wallet's history says whether the
     * network has it (in the mempool or mined): `sent`. Otherwise `absent`, meaning "not seen", never
     * "make a new one": the domain sends the same recorded transaction again, which cannot pay twice.
     * A transaction only this wallet holds (local: signed, never accepted by its server) is not seen.
     */
    async lookup(_request, prepared) {
      if (prepared === null) return { state: 'absent' };
      const txid = recordedTxid(prepared);
      const answer = await call('onchain_history', {});
      if (answer.kind !== 'result') throw new PayoutOutcomeUnknown(`onchain_history: ${problemOf(answer)}`);
      // Electrum answers a list; Electrum-LTC 4.0.9 (get_detailed_history) wraps it in `transactions`.
      const items = Array.isArray(answer.value)
        ? answer.value
        : isRecord(answer.value) && Array.isArray(answer.value.transactions)
          ? answer.value.transactions
          : null;
      if (items === null) throw new PayoutOutcomeUnknown('onchain_history answered no list of transactions');
      const item: unknown = items.find((entry) => isRecord(entry) && entry.txid === txid);
      if (isRecord(item) && item.height !== LOCAL_HEIGHT) return { state: 'sent', txid, ref: txid };
      return { state: 'absent' };
    },

    /**
     * What can be spent without waiting: the confirmed coins (Electrum counts the change of our own
     * unconfirmed payments there), less what unconfirmed payments spend where an older daemon reports
     * it as a negative unconfirmed part. Unconfirmed incoming coins are left out: they may never arrive.
     */
    async balance() {
      const answer = await call('getbalance', {});
      if (answer.kind !== 'result') throw new Error(`Electrum getbalance: ${problemOf(answer)}`);
      if (!isRecord(answer.value) || typeof answer.value.confirmed !== 'string') {
        throw new Error(`Electrum getbalance answered ${JSON.stringify(answer.value)}`);
      }
      const { confirmed, unconfirmed } = answer.value;
      const outgoing = Decimal.min(new Decimal(typeof unconfirmed === 'string' ? unconfirmed : 0), 0);
      return new Decimal(confirmed).plus(outgoing).toFixed();
    },
  };
}
