/**
 * The port every automatic payout goes through (issue 44): an Electrum daemon's wallet or an exchange
 * account's withdrawals. The server never holds a private key; the domain never knows which provider
 * it talks to. Each implementation is tested against a local server answering in that API's format.
 */

/** One payout as the provider is asked to make it. */
export interface PayoutRequest {
  /**
   * The idempotency key of this attempt (`obmen-<ticket number>-<attempt>`): Binance's `withdrawOrderId`,
   * Electrum's label on the transaction. The same key is never used for two different payouts.
   */
  key: string;
  /** The provider's name of the coin (`BTC`, `USDT`). */
  coin: string;
  /** The provider's name of the network (`TRX`, `ETH`), where it has one; null for a wallet of one coin. */
  network: string | null;
  address: string;
  /** A memo or destination tag, where the network has one. */
  memo: string | null;
  /** Exact decimal text in the coin's own unit (BTC, not satoshi). */
  amount: string;
}

/** What the provider says about a payout it was asked for. */
export type PayoutOutcome =
  /** On its way with this transaction: the payout is done. */
  | { state: 'sent'; txid: string; ref: string | null }
  /** Accepted, not yet on chain (an exchange processing a withdrawal): look it up again later. */
  | { state: 'pending'; ref: string | null }
  /** It did not leave and will not (cancelled, rejected by the provider): a new attempt may be made. */
  | { state: 'failed'; reason: string; ref: string | null }
  /** The provider has no record of this key: nothing left. */
  | { state: 'absent' };

/**
 * The provider refused the call and nothing left. `insufficient_funds`, `rate_limited` and
 * `unavailable` (it did not answer before anything was sent) are tried again later with the same
 * key; `insufficient_funds` also closes the currency's directions until a balance read shows enough.
 * `invalid_request` and `rejected` fail the payout: a person looks at it.
 */
export class PayoutRefused extends Error {
  constructor(
    readonly kind: 'insufficient_funds' | 'rate_limited' | 'unavailable' | 'invalid_request' | 'rejected',
    message: string,
    /** When the provider said how long to wait (a rate limit's Retry-After). */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'PayoutRefused';
  }
}

/**
 * The call's outcome is not known (a timeout, a 5xx, a dropped connection): the money may have left.
 * The payout becomes `unknown` and is reconciled from the provider's history, never sent blindly again.
 */
export class PayoutOutcomeUnknown extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayoutOutcomeUnknown';
  }
}

export interface PayoutProvider {
  /**
   * Sends one payout. `prepared` is what an earlier attempt with this key recorded before it could
   * have left (Electrum: the signed transaction); given, the provider sends exactly that again and
   * nothing new. `record` is awaited before anything can leave, so a crash after it is reconciled.
   * Answers `sent` or `pending` (or `failed`, when the provider's history already ends this key so);
   * throws `PayoutRefused` (nothing left) or `PayoutOutcomeUnknown`.
   */
  send(
    request: PayoutRequest,
    prepared: string | null,
    record: (prepared: string) => Promise<void>,
  ): Promise<PayoutOutcome>;
  /** What the provider's own history says of this key (and what was recorded before sending). */
  lookup(request: PayoutRequest, prepared: string | null): Promise<PayoutOutcome>;
  /** The spendable balance of the coin (on the network), exact decimal text. */
  balance(coin: string, network: string | null): Promise<string>;
}
