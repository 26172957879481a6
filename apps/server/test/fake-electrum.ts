import type { IncomingMessage, ServerResponse } from 'node:http';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { bodyOf, sendJson, startFakeApi } from './fake-api';

/**
 * A local Electrum daemon's JSON-RPC (spesmilo/electrum `electrum/daemon.py` and `commands.py`): basic
 * auth, `payto`, `broadcast`, `gettransaction`, `onchain_history`, `getbalance`, `setlabel`, with one
 * wallet of one coin kept in memory. `payto` signs a real-looking segwit transaction (one input, the
 * payment and change outputs, a witness) whose txid is the real double SHA-256 of its bytes; the
 * ledger is what `broadcast` put on the "network", once per txid however often it was broadcast.
 * A plain module (no test runner imports): vitest files and Playwright specs both start it.
 */

/** How the next call of a method fails instead of (or after) being executed. */
export type FakeElectrumFailure =
  /** HTTP 502 from a proxy in front of the daemon (the daemon's own 500 says only "Invalid Request"). */
  | 'server_error'
  /** HTTP 429 from a proxy in front (Electrum itself has no rate limit). */
  | 'rate_limit'
  /** `payto`: the wallet's NotEnoughFunds, without building anything. */
  | 'insufficient_funds'
  /** `broadcast`: the network has it already — the transaction goes to the ledger, the answer is "txn-already-in-mempool". */
  | 'duplicate'
  /** Never answers: the client's timeout. */
  | 'hang'
  /** Drops the connection without a word. */
  | 'reset'
  /** `broadcast`: the node refuses the transaction with this text ("min relay fee not met", "bad-txns-in-belowout"). */
  | { rejected: string }
  /** Any JSON-RPC error object, as given. */
  | { error: { code: number; message: string; data?: unknown } };

/**
 * `before`: answered instead of executing (nothing happens). `after`: executed, then answered so
 * (the money went, the client hears a failure). `duplicate` and `insufficient_funds` ignore it.
 */
export type FailureMoment = 'before' | 'after';

export interface FakeElectrumCall {
  method: string;
  params: Record<string, unknown>;
}

export type FakeElectrumHook = (call: FakeElectrumCall) => unknown;

/** One payment the network got: each txid once, with how many broadcasts carried it. */
export interface FakeElectrumPayment {
  /** The wallet's label of the txid (the payout's key), null until `setlabel`. */
  key: string | null;
  address: string;
  /** Decimal text in the coin's unit, as Electrum writes amounts. */
  amount: string;
  txid: string;
  broadcasts: number;
}

export interface FakeElectrumOptions {
  /** The daemon's rpcuser and rpcpassword. */
  username?: string;
  password?: string;
  /** Set: the wallet file is encrypted and `payto` wants this password. */
  walletPassword?: string | null;
  /** The confirmed balance, decimal text. */
  balance?: string;
  /** Which addresses the wallet pays to: BTC (bc1…, 1…, 3…, testnets) or LTC (ltc1…, L…, M…). */
  coin?: 'BTC' | 'LTC';
  /** What each payment costs in fees, decimal text. */
  fee?: string;
  /**
   * Errors as Electrum before 4.5 and Electrum-LTC 4.0 write them: code 1 and the exception's text for
   * every error. Otherwise as 4.5 and later: code 2, "internal error while executing RPC", the repr in
   * `data.exception`, for anything that is not a user-facing error.
   */
  legacyErrors?: boolean;
}

export interface FakeElectrum {
  /** http://127.0.0.1:port — the daemon's JSON-RPC address. */
  base: string;
  close(): void;
  /** The wallet's balance from now on (spent payments already taken off), decimal text. */
  setBalance(confirmed: string, unconfirmed?: string): void;
  /** The next call of `method` fails this way (calls queue up per method). */
  failNext(method: string, failure: FakeElectrumFailure, moment?: FailureMoment): void;
  /** Awaited when a call of `method` arrives, before it is executed or answered. Returns its removal. */
  before(method: string, hook: FakeElectrumHook): () => void;
  /** Awaited after a call of `method` was executed, before it is answered. Returns its removal. */
  after(method: string, hook: FakeElectrumHook): () => void;
  /** What really went: each transaction the network got, once. */
  payments(): FakeElectrumPayment[];
  /** The methods called, in order (failed and refused calls included). */
  calls(): string[];
}

const SATOSHI_PER_COIN = 100_000_000n;
const LOCAL_HEIGHT = -2;
const base58check = createBase58check(sha256);

const SEGWIT_PREFIXES = { BTC: ['bc', 'tb', 'bcrt'], LTC: ['ltc', 'tltc', 'rltc'] };
/** base58 version bytes: pay to a key hash, pay to a script hash (mainnet and testnet). */
const BASE58_VERSIONS = {
  BTC: { keyHash: [0x00, 0x6f], scriptHash: [0x05, 0xc4] },
  LTC: { keyHash: [0x30, 0x6f], scriptHash: [0x32, 0x05, 0x3a, 0xc4] },
};

/** Electrum's format_satoshis_plain: 8 decimals, trailing zeros and dot dropped. */
function formatCoins(satoshis: bigint): string {
  const sign = satoshis < 0n ? '-' : '';
  const abs = satoshis < 0n ? -satoshis : satoshis;
  const fraction = (abs % SATOSHI_PER_COIN).toString().padStart(8, '0').replace(/0+$/, '');
  return `${sign}${abs / SATOSHI_PER_COIN}${fraction ? `.${fraction}` : ''}`;
}

/** Electrum's satoshis(): int(COIN * Decimal(amount)), cut toward zero; null when it is no number. */
function parseCoins(text: unknown): bigint | null {
  if (typeof text !== 'string' && typeof text !== 'number') return null;
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(String(text).trim());
  if (!match || (match[2] === '' && !match[3])) return null;
  const whole = BigInt(match[2] || '0') * SATOSHI_PER_COIN + BigInt((match[3] ?? '').slice(0, 8).padEnd(8, '0'));
  return match[1] ? -whole : whole;
}

/** The output script an address stands for, or null when the wallet's coin has no such address. */
function scriptOf(coin: 'BTC' | 'LTC', address: string): Uint8Array | null {
  for (const codec of [bech32, bech32m]) {
    try {
      const { prefix, words } = codec.decode(address as `${string}1${string}`);
      const version = words[0]!;
      if (!SEGWIT_PREFIXES[coin].includes(prefix) || version > 16) return null;
      if ((version === 0) !== (codec === bech32)) continue;
      const program = codec.fromWords(words.slice(1));
      return concatBytes(Uint8Array.of(version === 0 ? 0 : 0x50 + version, program.length), program);
    } catch {
      // not this encoding
    }
  }
  try {
    const decoded = base58check.decode(address);
    const hash = decoded.subarray(1);
    if (decoded.length !== 21) return null;
    if (BASE58_VERSIONS[coin].keyHash.includes(decoded[0]!)) {
      return concatBytes(Uint8Array.of(0x76, 0xa9, 20), hash, Uint8Array.of(0x88, 0xac));
    }
    if (BASE58_VERSIONS[coin].scriptHash.includes(decoded[0]!)) {
      return concatBytes(Uint8Array.of(0xa9, 20), hash, Uint8Array.of(0x87));
    }
  } catch {
    // not base58check either
  }
  return null;
}

const littleEndian = (value: bigint, width: number) => {
  const bytes = new Uint8Array(width);
  for (let i = 0; i < width; i += 1) bytes[i] = Number((value >> BigInt(8 * i)) & 0xffn);
  return bytes;
};
const withLength = (bytes: Uint8Array) => concatBytes(Uint8Array.of(bytes.length), bytes);

/** A signed-looking segwit transaction and its txid, computed from its parts (not parsed back). */
function signedTransaction(serial: number, outputs: { value: bigint; script: Uint8Array }[]) {
  const seed = (label: string) => sha256(utf8ToBytes(`fake-electrum ${label} ${serial}`));
  const version = littleEndian(2n, 4);
  const input = concatBytes(seed('coin'), littleEndian(0n, 4), Uint8Array.of(0), littleEndian(0xfffffffdn, 4));
  const body = concatBytes(
    Uint8Array.of(1),
    input,
    Uint8Array.of(outputs.length),
    ...outputs.map((output) => concatBytes(littleEndian(output.value, 8), withLength(output.script))),
  );
  // A DER signature's shape (r and s of 32 bytes, SIGHASH_ALL) and a compressed public key.
  const signature = concatBytes(Uint8Array.of(0x30, 0x44, 0x02, 0x20), seed('r'), Uint8Array.of(0x02, 0x20));
  const witness = concatBytes(
    Uint8Array.of(2),
    withLength(concatBytes(signature, seed('s'), Uint8Array.of(0x01))),
    withLength(concatBytes(Uint8Array.of(0x02), seed('key'))),
  );
  const locktime = littleEndian(900_000n + BigInt(serial), 4);
  const raw = concatBytes(version, Uint8Array.of(0, 1), body, witness, locktime);
  const txid = bytesToHex(sha256(sha256(concatBytes(version, body, locktime))).reverse());
  return { raw: bytesToHex(raw), txid };
}

interface WalletTransaction {
  raw: string;
  txid: string;
  address: string;
  amount: bigint;
  fee: bigint;
  height: number;
  timestamp: number | null;
}

/** Positional params in the order of each command's signature in commands.py. */
const PARAM_NAMES: Record<string, string[]> = {
  payto: [
    'destination',
    'amount',
    'fee',
    'feerate',
    'from_addr',
    'from_coins',
    'change_addr',
    'unsigned',
    'rbf',
    'password',
    'locktime',
    'addtransaction',
  ],
  broadcast: ['tx'],
  gettransaction: ['txid'],
  onchain_history: ['show_fiat', 'year', 'show_addresses', 'from_height', 'to_height'],
  getbalance: [],
  setlabel: ['key', 'label'],
};

class CommandError extends Error {
  constructor(
    /** What str(e) gives. */
    readonly text: string,
    /** What repr(e) gives; null for Electrum's UserFacingException (code 1 in every version). */
    readonly repr: string | null,
  ) {
    super(text);
  }
}

const userFacing = (text: string) => new CommandError(text, null);
const pythonString = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
const broadcastRefused = (text: string) =>
  new CommandError(text, `TxBroadcastServerReturnedError(${pythonString(text)})`);

export async function startFakeElectrum(options: FakeElectrumOptions = {}): Promise<FakeElectrum> {
  const username = options.username ?? 'user';
  const password = options.password ?? 'rpc-secret';
  const coin = options.coin ?? 'BTC';
  const fee = parseCoins(options.fee ?? '0.00000141') ?? 0n;
  let confirmed = parseCoins(options.balance ?? '1') ?? 0n;
  let unconfirmed = 0n;
  let serial = 0;
  const wallet = new Map<string, WalletTransaction>();
  /** Every transaction payto signed, by its raw hex: what a broadcast may carry. */
  const madeByPayto = new Map<string, WalletTransaction>();
  const labels = new Map<string, string>();
  /** The network: what was broadcast, in order, each txid once. */
  const ledger = new Map<string, { broadcasts: number }>();
  const failures = new Map<string, { failure: FakeElectrumFailure; moment: FailureMoment }[]>();
  const hooks = { before: new Map<string, FakeElectrumHook[]>(), after: new Map<string, FakeElectrumHook[]>() };
  const called: string[] = [];

  const addHook = (moment: 'before' | 'after', method: string, hook: FakeElectrumHook) => {
    const list = hooks[moment].get(method) ?? [];
    list.push(hook);
    hooks[moment].set(method, list);
    return () => {
      const at = list.indexOf(hook);
      if (at >= 0) list.splice(at, 1);
    };
  };
  const runHooks = async (moment: 'before' | 'after', call: FakeElectrumCall) => {
    for (const hook of [...(hooks[moment].get(call.method) ?? [])]) await hook(call);
  };

  function errorObject(error: CommandError) {
    if (options.legacyErrors || error.repr === null) return { code: 1, message: error.text };
    return {
      code: 2,
      message: 'internal error while executing RPC',
      data: { exception: error.repr, traceback: `Traceback (most recent call last):\n${error.repr}\n` },
    };
  }

  /** Puts a transaction on the network (once per txid) and into the wallet's history as unconfirmed. */
  function putOnNetwork(tx: WalletTransaction): void {
    const known = ledger.get(tx.txid);
    if (known) {
      known.broadcasts += 1;
      return;
    }
    ledger.set(tx.txid, { broadcasts: 1 });
    // A local transaction's coins were already taken off when payto kept it; another's are taken now.
    if (!wallet.has(tx.txid)) confirmed -= tx.amount + tx.fee;
    wallet.set(tx.txid, { ...tx, height: 0, timestamp: null });
  }

  const commands: Record<string, (params: Record<string, unknown>) => unknown> = {
    payto(params) {
      if (options.walletPassword) {
        if (params.password === undefined || params.password === null) throw userFacing('Password required');
        if (params.password !== options.walletPassword) throw userFacing('Incorrect password');
      }
      const address = String(params.destination);
      const script = scriptOf(coin, address);
      if (!script) {
        throw new CommandError(
          'Invalid Bitcoin address or alias',
          `AliasNotFoundException('Invalid Bitcoin address or alias', ${pythonString(address)})`,
        );
      }
      const amount = parseCoins(params.amount);
      if (amount === null || amount <= 0n) {
        throw new CommandError(
          "[<class 'decimal.ConversionSyntax'>]",
          "InvalidOperation([<class 'decimal.ConversionSyntax'>])",
        );
      }
      if (params.unsigned === true) throw userFacing('the fake signs every transaction');
      if (amount + fee > confirmed) throw new CommandError('Insufficient funds', 'NotEnoughFunds()');
      serial += 1;
      const change = confirmed - amount - fee;
      const changeScript = concatBytes(Uint8Array.of(0, 20), sha256(utf8ToBytes(`change ${serial}`)).subarray(0, 20));
      const { raw, txid } = signedTransaction(serial, [
        { value: amount, script },
        ...(change > 0n ? [{ value: change, script: changeScript }] : []),
      ]);
      const tx: WalletTransaction = { raw, txid, address, amount, fee, height: LOCAL_HEIGHT, timestamp: null };
      madeByPayto.set(raw, tx);
      if (params.addtransaction === true) {
        wallet.set(txid, tx);
        confirmed -= amount + fee;
      }
      return raw;
    },
    broadcast(params) {
      const tx = madeByPayto.get(String(params.tx).toLowerCase());
      // A transaction this wallet never made spends coins the network does not know.
      if (!tx) throw broadcastRefused('bad-txns-inputs-missingorspent');
      // Made without addtransaction, its coins stayed spendable: another payment may have spent them.
      if (!wallet.has(tx.txid) && !ledger.has(tx.txid) && tx.amount + tx.fee > confirmed) {
        throw broadcastRefused('txn-mempool-conflict');
      }
      putOnNetwork(tx);
      return tx.txid;
    },
    gettransaction(params) {
      const tx = wallet.get(String(params.txid));
      if (tx) return tx.raw;
      // The daemon asks its server, which answers an error for a txid it does not know.
      throw new CommandError(
        'The server returned an error.',
        "<UntrustedServerReturnedError 'The server returned an error.'>",
      );
    },
    onchain_history() {
      let balance = 0n;
      const items = [...wallet.values()].map((tx) => {
        balance -= tx.amount + tx.fee;
        return {
          txid: tx.txid,
          amount_sat: Number(-(tx.amount + tx.fee)),
          fee_sat: Number(tx.fee),
          height: tx.height,
          confirmations: 0,
          timestamp: tx.timestamp,
          monotonic_timestamp: 0,
          incoming: false,
          bc_value: formatCoins(-(tx.amount + tx.fee)),
          bc_balance: formatCoins(balance),
          date: null,
          txpos_in_block: null,
          wanted_height: null,
          label: labels.get(tx.txid) ?? '',
          group_id: null,
        };
      });
      // Electrum-LTC 4.0 answers get_detailed_history: the list under `transactions`, and a summary.
      return options.legacyErrors ? { transactions: items, summary: {} } : items;
    },
    getbalance() {
      return { confirmed: formatCoins(confirmed), ...(unconfirmed ? { unconfirmed: formatCoins(unconfirmed) } : {}) };
    },
    setlabel(params) {
      labels.set(String(params.key), String(params.label));
      return null;
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const [scheme, encoded] = (req.headers.authorization ?? '').split(' ');
    if (scheme !== 'Basic' || !encoded) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm=Electrum' }).end('Unauthorized');
      return;
    }
    if (Buffer.from(encoded, 'base64').toString('utf8') !== `${username}:${password}`) {
      res.writeHead(403).end('Forbidden');
      return;
    }
    let id: unknown;
    let call: FakeElectrumCall;
    try {
      const request = JSON.parse(await bodyOf(req)) as { id: unknown; method: unknown; params?: unknown };
      if (typeof request.method !== 'string' || !(request.method in commands)) throw new Error('unregistered method');
      id = request.id;
      const names = PARAM_NAMES[request.method] ?? [];
      const given = request.params ?? [];
      const params = Array.isArray(given)
        ? Object.fromEntries(given.map((value, i) => [names[i] ?? String(i), value]))
        : (given as Record<string, unknown>);
      call = { method: request.method, params };
    } catch {
      res.writeHead(500).end('Invalid Request');
      return;
    }
    called.push(call.method);
    await runHooks('before', call);
    const planned = failures.get(call.method)?.shift();
    const fail = (failure: FakeElectrumFailure): void => {
      if (failure === 'hang') return;
      if (failure === 'reset') req.socket.destroy();
      else if (failure === 'server_error') res.writeHead(502).end('Bad Gateway');
      else if (failure === 'rate_limit') res.writeHead(429, { 'retry-after': '1' }).end('Too Many Requests');
      else {
        const error =
          failure === 'insufficient_funds'
            ? errorObject(new CommandError('Insufficient funds', 'NotEnoughFunds()'))
            : failure === 'duplicate'
              ? errorObject(broadcastRefused('txn-already-in-mempool'))
              : 'rejected' in failure
                ? errorObject(broadcastRefused(failure.rejected))
                : failure.error;
        sendJson(res, { id, jsonrpc: '2.0', error });
      }
    };
    // A duplicate is a transaction the network has: it is there whatever the moment.
    const executes =
      planned === undefined ||
      planned.failure === 'duplicate' ||
      (planned.moment === 'after' && planned.failure !== 'insufficient_funds');
    if (!executes) {
      fail(planned.failure);
      return;
    }
    let answer: { result: unknown } | { error: unknown };
    try {
      answer = { result: commands[call.method]!(call.params) };
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
      answer = { error: errorObject(error) };
    }
    await runHooks('after', call);
    if (planned) {
      fail(planned.failure);
      return;
    }
    sendJson(res, { id, jsonrpc: '2.0', ...answer });
  }

  const api = await startFakeApi(handle);
  return {
    base: api.base,
    close: api.close,
    setBalance(confirmedText, unconfirmedText = '0') {
      confirmed = parseCoins(confirmedText) ?? 0n;
      unconfirmed = parseCoins(unconfirmedText) ?? 0n;
    },
    failNext(method, failure, moment = 'before') {
      const queue = failures.get(method) ?? [];
      queue.push({ failure, moment });
      failures.set(method, queue);
    },
    before: (method, hook) => addHook('before', method, hook),
    after: (method, hook) => addHook('after', method, hook),
    payments() {
      return [...ledger].map(([txid, { broadcasts }]) => {
        const tx = wallet.get(txid)!;
        return { key: labels.get(txid) ?? null, address: tx.address, amount: formatCoins(tx.amount), txid, broadcasts };
      });
    },
    calls: () => [...called],
  };
}
