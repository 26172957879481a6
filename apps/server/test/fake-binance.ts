import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyOf, startFakeApi } from './fake-api';

/*
 * A local Binance for payout tests (issue 44): GET /api/v3/time and the wallet's withdraw/apply,
 * withdraw/history and config/getall, answering in Binance's format (binance-api-swagger spot_api.yaml,
 * binance-connector-js clients/wallet). Signed calls are checked as Binance documents (rest-api.md):
 * the `X-MBX-APIKEY` key (-2014/-2015, HTTP 401), the HMAC-SHA256 of the query string and body as sent
 * (-1022), the timestamp against this server's clock and the recvWindow (-1021).
 *
 * Choices where Binance documents nothing:
 * - A repeated `withdrawOrderId` creates no second withdrawal: it is refused with HTTP 400
 *   `{"code":-4001,"msg":"Invalid operation. Duplicate withdrawOrderId: <key>."}` (-4001 is the wallet's
 *   "Invalid operation.").
 * - A withdrawal starts as 4 Processing and becomes 6 Completed with a txid after `completeAfterMs`, or on
 *   `complete()`. The network fee comes out of the amount asked for, as on Binance: the ledger's `amount`
 *   is what the address receives, `applied` what left the balance.
 *
 * Plain Node (no test runner imports), so a Playwright spec can start it too.
 */

export type FakeBinanceMethod = 'time' | 'apply' | 'history' | 'getall';

/** What the next call of a method does instead of answering normally. */
export type FakeBinanceFailure =
  /** HTTP 5xx; `execute`: the withdrawal (or read) is made first, as when Binance fails after running it. */
  | { kind: 'server-error'; status?: number; execute?: boolean }
  /** Never answers (the client's timeout), after running the call when `execute`. */
  | { kind: 'hang'; execute?: boolean }
  /** Drops the connection, after running the call when `execute`. */
  | { kind: 'reset'; execute?: boolean }
  /** HTTP 200 with a body that is not JSON, after running the call when `execute`. */
  | { kind: 'garbage'; execute?: boolean }
  /** HTTP 429 (or 418, banned) with Retry-After in seconds; nothing runs. */
  | { kind: 'rate-limit'; status?: 429 | 418; retryAfterSeconds?: number }
  /** -4026 "You have insufficient balance."; nothing runs. */
  | { kind: 'insufficient-funds' }
  /** The repeated-withdrawOrderId refusal, whether or not the key was used; nothing runs. */
  | { kind: 'duplicate' }
  /** Any Binance error JSON; nothing runs. */
  | { kind: 'refuse'; status?: number; code: number; msg: string }
  /** history: an empty list, as an index that has not caught up would answer. */
  | { kind: 'empty' };

export interface FakeBinanceNetwork {
  network: string;
  /** The network fee Binance takes out of a withdrawal's amount. */
  fee: string;
  withdrawEnable: boolean;
  withdrawDesc: string;
  isDefault: boolean;
}

export interface FakeBinanceCoin {
  coin: string;
  free: string;
  networks: FakeBinanceNetwork[];
}

export interface FakeWithdrawal {
  /** Binance's id, as withdraw/apply answered it. */
  id: string;
  /** The withdrawOrderId. */
  key: string | null;
  coin: string;
  network: string;
  address: string;
  memo: string | null;
  /** What the address receives: `applied` less the network's fee. */
  amount: string;
  /** The amount asked for, which left the balance. */
  applied: string;
  fee: string;
  /** Binance's status: 4 Processing, 6 Completed, 1 Cancelled, 3 Rejected, 5 Failure. */
  status: number;
  txid: string | null;
  info: string;
  /** On this server's clock, in milliseconds. */
  appliedAt: number;
  completedAt: number | null;
}

export interface FakeBinanceCall {
  method: FakeBinanceMethod;
  params: Record<string, string>;
}

export type FakeBinanceHook = (call: FakeBinanceCall) => void | Promise<void>;

export interface FakeBinanceOptions {
  apiKey?: string;
  apiSecret?: string;
  /** Replaces the default coins (USDT on TRX/ETH/BSC, TRX, ETH, TON, SOL, BTC, all with a zero balance). */
  coins?: { coin: string; free?: string; networks: (Partial<FakeBinanceNetwork> & { network: string })[] }[];
  /** A withdrawal becomes Completed this long after it was made; null: only on `complete()`. */
  completeAfterMs?: number | null;
  /** This server's clock minus the real one. */
  clockSkewMs?: number;
}

export interface FakeBinance {
  /** http://127.0.0.1:port */
  base: string;
  close(): void;
  apiKey: string;
  apiSecret: string;
  /** The free (Spot) balance of a coin, exact decimal text. */
  setBalance(coin: string, free: string): void;
  balance(coin: string): string;
  setNetwork(coin: string, network: string, change: Partial<Omit<FakeBinanceNetwork, 'network'>>): void;
  /** Moves this server's clock: a client that does not read /api/v3/time is refused with -1021. */
  setClockSkew(ms: number): void;
  /** The next call of `method` (after its key and signature are checked) does this instead. */
  failNext(method: FakeBinanceMethod, failure: FakeBinanceFailure): void;
  /** Called when a call arrives, before it is checked, run or answered. Returns its removal. */
  onReceived(method: FakeBinanceMethod, hook: FakeBinanceHook): () => void;
  /** Called after a call has run, before it is answered. Returns its removal. */
  onExecuted(method: FakeBinanceMethod, hook: FakeBinanceHook): () => void;
  /** Processing withdrawals (all, or the key's) become Completed with a txid now. */
  complete(key?: string): void;
  /** A withdrawal ends without leaving (5 Failure, 1 Cancelled, 3 Rejected); its amount goes back. */
  fail(key: string, status?: 1 | 3 | 5, info?: string): void;
  /** Every withdrawal Binance accepted, each once, with its status: 6 the money left, 1/3/5 it came back. */
  ledger(): FakeWithdrawal[];
  /** How many withdrawals carry this withdrawOrderId (never more than 1 here). */
  withdrawalsFor(key: string): number;
  /** How many calls of a method arrived (checked or not). */
  calls(method: FakeBinanceMethod): number;
}

const ROUTES: Record<string, { verb: 'GET' | 'POST'; method: FakeBinanceMethod; signed: boolean }> = {
  '/api/v3/time': { verb: 'GET', method: 'time', signed: false },
  '/sapi/v1/capital/withdraw/apply': { verb: 'POST', method: 'apply', signed: true },
  '/sapi/v1/capital/withdraw/history': { verb: 'GET', method: 'history', signed: true },
  '/sapi/v1/capital/config/getall': { verb: 'GET', method: 'getall', signed: true },
};

const DEFAULT_COINS: NonNullable<FakeBinanceOptions['coins']> = [
  {
    coin: 'USDT',
    networks: [
      { network: 'TRX', fee: '1', isDefault: true },
      { network: 'ETH', fee: '1.5' },
      { network: 'BSC', fee: '0.01' },
    ],
  },
  { coin: 'TRX', networks: [{ network: 'TRX', fee: '1', isDefault: true }] },
  { coin: 'ETH', networks: [{ network: 'ETH', fee: '0.0005', isDefault: true }] },
  { coin: 'TON', networks: [{ network: 'TON', fee: '0.02', isDefault: true }] },
  { coin: 'SOL', networks: [{ network: 'SOL', fee: '0.001', isDefault: true }] },
  { coin: 'BTC', networks: [{ network: 'BTC', fee: '0.0000055', isDefault: true }] },
];

const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;
const NINETY_DAYS_MS = 90 * 24 * 60 * 60 * 1000;

// Amounts as integers of 10^-18, so the fake needs no decimal library.
const SCALE = 10n ** 18n;
function toUnits(text: string): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,18}))?$/.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1] ?? '0') * SCALE + BigInt((match[2] ?? '').padEnd(18, '0'));
}
/** Exact text; Binance writes balances and amounts with at least 8 decimals. */
function fromUnits(units: bigint, minDecimals = 0): string {
  let fraction = (units % SCALE).toString().padStart(18, '0').replace(/0+$/, '');
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, '0');
  return fraction ? `${units / SCALE}.${fraction}` : `${units / SCALE}`;
}
const units = (text: string): bigint => {
  const value = toUnits(text);
  if (value === null) throw new Error(`not an amount: ${text}`);
  return value;
};

/** Binance's applyTime: "2019-10-12 11:12:02", UTC. */
const binanceTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

const EVM_NETWORKS = new Set(['ETH', 'BSC', 'ARBITRUM', 'OPTIMISM', 'MATIC', 'BASE', 'AVAXC']);
/** A TRON-looking txid (64 hex); 0x-prefixed on EVM networks. */
const txidFor = (network: string) => `${EVM_NETWORKS.has(network) ? '0x' : ''}${randomBytes(32).toString('hex')}`;

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const binanceError = (status: number, code: number, msg: string): Answer => ({ status, body: { code, msg } });
const mandatory = (name: string) =>
  binanceError(400, -1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`);
const duplicateKey = (key: string) => binanceError(400, -4001, `Invalid operation. Duplicate withdrawOrderId: ${key}.`);
const insufficientBalance = () => binanceError(400, -4026, 'You have insufficient balance.');

/** The signed payload: the query string and the body as sent, without the `signature` parameter. */
const withoutSignature = (raw: string) =>
  raw
    .split('&')
    .filter((pair) => pair !== '' && !pair.startsWith('signature='))
    .join('&');

export async function startFakeBinance(options: FakeBinanceOptions = {}): Promise<FakeBinance> {
  const apiKey = options.apiKey ?? `fake-key-${randomBytes(8).toString('hex')}`;
  const apiSecret = options.apiSecret ?? randomBytes(32).toString('hex');
  const completeAfterMs = options.completeAfterMs ?? null;
  let clockSkewMs = options.clockSkewMs ?? 0;
  const serverNow = () => Date.now() + clockSkewMs;

  const coins = new Map<string, FakeBinanceCoin>();
  for (const coin of options.coins ?? DEFAULT_COINS)
    coins.set(coin.coin, {
      coin: coin.coin,
      free: fromUnits(units(coin.free ?? '0')),
      networks: coin.networks.map((network) => ({
        network: network.network,
        fee: network.fee ?? '0',
        withdrawEnable: network.withdrawEnable ?? true,
        withdrawDesc: network.withdrawDesc ?? '',
        isDefault: network.isDefault ?? false,
      })),
    });
  const withdrawals: FakeWithdrawal[] = [];
  const failures = new Map<FakeBinanceMethod, FakeBinanceFailure[]>();
  const received = new Map<FakeBinanceMethod, Set<FakeBinanceHook>>();
  const executed = new Map<FakeBinanceMethod, Set<FakeBinanceHook>>();
  const counts = new Map<FakeBinanceMethod, number>();

  const coinOf = (coin: string) => {
    const found = coins.get(coin);
    if (!found) throw new Error(`the fake has no coin ${coin}`);
    return found;
  };
  const completeOne = (withdrawal: FakeWithdrawal) => {
    withdrawal.status = 6;
    withdrawal.txid = txidFor(withdrawal.network);
    withdrawal.completedAt = serverNow();
  };
  /** Withdrawals whose time has come are completed as any call arrives. */
  const settleDue = () => {
    if (completeAfterMs === null) return;
    for (const withdrawal of withdrawals)
      if (withdrawal.status === 4 && serverNow() - withdrawal.appliedAt >= completeAfterMs) completeOne(withdrawal);
  };

  function checkSigned(
    req: IncomingMessage,
    rawQuery: string,
    rawBody: string,
    params: URLSearchParams,
  ): Answer | null {
    const key = req.headers['x-mbx-apikey'];
    if (typeof key !== 'string' || key === '') return binanceError(401, -2014, 'API-key format invalid.');
    if (key !== apiKey) return binanceError(401, -2015, 'Invalid API-key, IP, or permissions for action.');
    const signature = params.get('signature');
    if (!signature) return mandatory('signature');
    const payload = withoutSignature(rawQuery) + withoutSignature(rawBody);
    const expected = createHmac('sha256', apiSecret).update(payload).digest('hex');
    // HMAC signatures are not case-sensitive (rest-api.md "Signature Case Sensitivity").
    if (signature.toLowerCase() !== expected)
      return binanceError(400, -1022, 'Signature for this request is not valid.');
    const timestamp = Number(params.get('timestamp'));
    if (!params.get('timestamp') || !Number.isFinite(timestamp)) return mandatory('timestamp');
    const recvWindow = params.has('recvWindow') ? Number(params.get('recvWindow')) : 5000;
    if (!Number.isFinite(recvWindow) || recvWindow > 60_000)
      return binanceError(400, -1131, 'recvWindow must be less than 60000');
    const now = serverNow();
    if (timestamp >= now + 1000)
      return binanceError(400, -1021, "Timestamp for this request was 1000ms ahead of the server's time.");
    if (now - timestamp > recvWindow)
      return binanceError(400, -1021, 'Timestamp for this request is outside of the recvWindow.');
    return null;
  }

  function apply(params: URLSearchParams): Answer {
    for (const name of ['coin', 'address', 'amount']) if (!params.get(name)) return mandatory(name);
    const coin = coins.get(params.get('coin') ?? '');
    if (!coin) return binanceError(400, -4018, "We don't have this asset.");
    const networkName = params.get('network');
    const network = networkName
      ? coin.networks.find((entry) => entry.network === networkName)
      : coin.networks.find((entry) => entry.isDefault);
    if (!network) return binanceError(400, -1130, "Data sent for parameter 'network' is not valid.");
    if (!network.withdrawEnable) return binanceError(400, -4019, 'Current asset is not open for withdrawal.');
    const applied = toUnits(params.get('amount') ?? '');
    if (applied === null || applied <= 0n) return mandatory('amount');
    const fee = units(network.fee);
    if (applied <= fee)
      return binanceError(400, -4028, 'The amount of withdrawal must be greater than the Commission.');
    const key = params.get('withdrawOrderId') || null;
    if (key !== null && withdrawals.some((withdrawal) => withdrawal.key === key)) return duplicateKey(key);
    const free = units(coin.free);
    if (applied > free) return insufficientBalance();
    coin.free = fromUnits(free - applied);
    const withdrawal: FakeWithdrawal = {
      id: randomBytes(16).toString('hex'),
      key,
      coin: coin.coin,
      network: network.network,
      address: params.get('address') ?? '',
      memo: params.get('addressTag') || null,
      amount: fromUnits(applied - fee),
      applied: fromUnits(applied),
      fee: fromUnits(fee),
      status: 4,
      txid: null,
      info: '',
      appliedAt: serverNow(),
      completedAt: null,
    };
    withdrawals.push(withdrawal);
    if (completeAfterMs === 0) completeOne(withdrawal);
    return { status: 200, body: { id: withdrawal.id } };
  }

  function history(params: URLSearchParams): Answer {
    const key = params.get('withdrawOrderId');
    const coin = params.get('coin');
    const status = params.get('status');
    const endTime = params.has('endTime') ? Number(params.get('endTime')) : serverNow();
    // A withdrawOrderId's history reaches back 7 days unless told otherwise; the rest 90.
    const startTime = params.has('startTime')
      ? Number(params.get('startTime'))
      : endTime - (key ? SEVEN_DAYS_MS : NINETY_DAYS_MS);
    const offset = Number(params.get('offset') ?? 0);
    const limit = Number(params.get('limit') ?? 1000);
    const rows = withdrawals
      .filter(
        (withdrawal) =>
          (key === null || withdrawal.key === key) &&
          (coin === null || withdrawal.coin === coin) &&
          (status === null || withdrawal.status === Number(status)) &&
          withdrawal.appliedAt >= startTime &&
          withdrawal.appliedAt <= endTime,
      )
      .sort((a, b) => b.appliedAt - a.appliedAt)
      .slice(offset, offset + limit)
      .map((withdrawal) => ({
        id: withdrawal.id,
        amount: fromUnits(units(withdrawal.applied), 8),
        transactionFee: fromUnits(units(withdrawal.fee), 8),
        coin: withdrawal.coin,
        status: withdrawal.status,
        address: withdrawal.address,
        ...(withdrawal.memo === null ? {} : { addressTag: withdrawal.memo }),
        txId: withdrawal.txid ?? '',
        applyTime: binanceTime(withdrawal.appliedAt),
        network: withdrawal.network,
        transferType: 0,
        ...(withdrawal.key === null ? {} : { withdrawOrderId: withdrawal.key }),
        info: withdrawal.info,
        confirmNo: withdrawal.status === 6 ? 1 : 0,
        walletType: 0,
        txKey: '',
        ...(withdrawal.completedAt === null ? {} : { completeTime: binanceTime(withdrawal.completedAt) }),
      }));
    return { status: 200, body: rows };
  }

  function getall(): Answer {
    const body = [...coins.values()].map((coin) => {
      const withdrawing = withdrawals
        .filter((withdrawal) => withdrawal.coin === coin.coin && withdrawal.status === 4)
        .reduce((sum, withdrawal) => sum + units(withdrawal.applied), 0n);
      return {
        coin: coin.coin,
        depositAllEnable: true,
        withdrawAllEnable: coin.networks.some((network) => network.withdrawEnable),
        name: coin.coin,
        free: fromUnits(units(coin.free), 8),
        locked: '0.00000000',
        freeze: '0.00000000',
        withdrawing: fromUnits(withdrawing, 8),
        ipoing: '0.00000000',
        ipoable: '0.00000000',
        storage: '0.00000000',
        isLegalMoney: false,
        trading: true,
        networkList: coin.networks.map((network) => ({
          network: network.network,
          coin: coin.coin,
          withdrawIntegerMultiple: '0.00000001',
          isDefault: network.isDefault,
          depositEnable: true,
          withdrawEnable: network.withdrawEnable,
          depositDesc: '',
          withdrawDesc: network.withdrawDesc,
          specialTips: '',
          name: network.network,
          resetAddressStatus: false,
          addressRegex: '',
          memoRegex: '',
          withdrawFee: fromUnits(units(network.fee), 8),
          withdrawMin: fromUnits(units(network.fee) * 2n, 8),
          withdrawMax: '9999999999.99999999',
          withdrawTag: false,
          minConfirm: 1,
          unLockConfirm: 0,
          sameAddress: false,
          busy: false,
        })),
      };
    });
    return { status: 200, body };
  }

  function run(method: FakeBinanceMethod, params: URLSearchParams): Answer {
    if (method === 'time') return { status: 200, body: { serverTime: serverNow() } };
    if (method === 'apply') return apply(params);
    if (method === 'history') return history(params);
    return getall();
  }

  function answer(res: ServerResponse, { status, body, headers = {} }: Answer): void {
    res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers }).end(JSON.stringify(body));
  }

  async function callHooks(hooks: Map<FakeBinanceMethod, Set<FakeBinanceHook>>, call: FakeBinanceCall) {
    for (const hook of [...(hooks.get(call.method) ?? [])]) await hook(call);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? '/';
    const questionMark = rawUrl.indexOf('?');
    const pathname = questionMark === -1 ? rawUrl : rawUrl.slice(0, questionMark);
    const rawQuery = questionMark === -1 ? '' : rawUrl.slice(questionMark + 1);
    const route = ROUTES[pathname];
    if (!route || req.method !== route.verb) {
      res.writeHead(404).end();
      return;
    }
    const rawBody = await bodyOf(req);
    const params = new URLSearchParams(rawQuery);
    for (const [name, value] of new URLSearchParams(rawBody)) params.append(name, value);
    const call: FakeBinanceCall = { method: route.method, params: Object.fromEntries(params) };
    counts.set(route.method, (counts.get(route.method) ?? 0) + 1);
    await callHooks(received, call);

    if (route.signed) {
      const refusal = checkSigned(req, rawQuery, rawBody, params);
      if (refusal) return answer(res, refusal);
    }
    settleDue();

    const failure = failures.get(route.method)?.shift();
    if (failure) {
      switch (failure.kind) {
        case 'rate-limit': {
          const status = failure.status ?? 429;
          const retryAfter = String(failure.retryAfterSeconds ?? 60);
          const msg =
            status === 418
              ? `Way too much request weight used; IP banned until ${serverNow() + Number(retryAfter) * 1000}. Please use WebSocket Streams for live updates to avoid bans.`
              : 'Too much request weight used; current limit is 6000 request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.';
          return answer(res, { status, body: { code: -1003, msg }, headers: { 'retry-after': retryAfter } });
        }
        case 'insufficient-funds':
          return answer(res, insufficientBalance());
        case 'duplicate':
          return answer(res, duplicateKey(call.params.withdrawOrderId ?? ''));
        case 'refuse':
          return answer(res, binanceError(failure.status ?? 400, failure.code, failure.msg));
        case 'empty':
          return answer(res, { status: 200, body: [] });
        default: {
          if (failure.execute) {
            run(route.method, params);
            await callHooks(executed, call);
          }
          if (failure.kind === 'hang') return;
          if (failure.kind === 'reset') {
            req.socket.destroy();
            return;
          }
          if (failure.kind === 'garbage') {
            res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>upstream reset</body></html>');
            return;
          }
          const status = failure.status ?? 500;
          return answer(
            res,
            status === 504
              ? binanceError(
                  status,
                  -1007,
                  'Timeout waiting for response from backend server. Send status unknown; execution status unknown.',
                )
              : binanceError(status, -1000, 'An unknown error occurred while processing the request.'),
          );
        }
      }
    }

    const result = run(route.method, params);
    await callHooks(executed, call);
    answer(res, result);
  }

  const api = await startFakeApi(handle);
  const addHook = (
    hooks: Map<FakeBinanceMethod, Set<FakeBinanceHook>>,
    method: FakeBinanceMethod,
    hook: FakeBinanceHook,
  ) => {
    const set = hooks.get(method) ?? new Set();
    hooks.set(method, set.add(hook));
    return () => void set.delete(hook);
  };

  return {
    base: api.base,
    close: () => api.close(),
    apiKey,
    apiSecret,
    setBalance(coin, free) {
      coinOf(coin).free = fromUnits(units(free));
    },
    balance: (coin) => coinOf(coin).free,
    setNetwork(coin, network, change) {
      const entry = coinOf(coin).networks.find((candidate) => candidate.network === network);
      if (!entry) throw new Error(`the fake has no network ${network} for ${coin}`);
      Object.assign(entry, change);
    },
    setClockSkew(ms) {
      clockSkewMs = ms;
    },
    failNext(method, failure) {
      failures.set(method, [...(failures.get(method) ?? []), failure]);
    },
    onReceived: (method, hook) => addHook(received, method, hook),
    onExecuted: (method, hook) => addHook(executed, method, hook),
    complete(key) {
      for (const withdrawal of withdrawals)
        if (withdrawal.status === 4 && (key === undefined || withdrawal.key === key)) completeOne(withdrawal);
    },
    fail(key, status = 5, info = 'The address is not valid. Please confirm with the recipient') {
      for (const withdrawal of withdrawals) {
        if (withdrawal.key !== key || withdrawal.status === 6 || [1, 3, 5].includes(withdrawal.status)) continue;
        withdrawal.status = status;
        withdrawal.info = info;
        const coin = coinOf(withdrawal.coin);
        coin.free = fromUnits(units(coin.free) + units(withdrawal.applied));
      }
    },
    ledger: () => withdrawals.map((withdrawal) => ({ ...withdrawal })),
    withdrawalsFor: (key) => withdrawals.filter((withdrawal) => withdrawal.key === key).length,
    calls: (method) => counts.get(method) ?? 0,
  };
}
