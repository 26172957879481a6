/** The networks whose deposits the server can watch, each read through its own kind of API. */
export const CHAINS = ['bitcoin', 'litecoin', 'tron', 'ethereum'] as const;
export type Chain = (typeof CHAINS)[number];

/**
 * How a currency's deposits are recognised: not at all (the client presses "I paid"), by an address
 * of its own per ticket derived from the operator's extended public key, or at one address by the
 * exact amount (each ticket's give sum gets a small tail of its own).
 */
export const WATCH_MODES = ['off', 'xpub', 'amount_tag'] as const;
export type WatchMode = (typeof WATCH_MODES)[number];
