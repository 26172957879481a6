import type { Chain } from '@obmen/shared';
import type { AddressFormat } from '@obmen/shared/addresses';

// The AML screening port (issue 48): the domain asks for a risk score, the provider is configuration's choice.

/** A provider's answer: a score 0-100 with its signals, or a check still running to poll by its id. */
export type AmlAnswer =
  { state: 'done'; score: number; signals: Record<string, number> } | { state: 'pending'; uid: string };

export interface AmlProvider {
  screenAddress(network: string, address: string): Promise<AmlAnswer>;
  /** `address`: where the transaction paid (the ticket's deposit address), as the provider takes it. */
  screenTransaction(network: string, txid: string, address: string): Promise<AmlAnswer>;
  /** A pending check's answer now. */
  poll(uid: string): Promise<AmlAnswer>;
}

/** The provider did not answer usably (timeout, 5xx, a 429 too long, an error body): the caller decides what that means. */
export class AmlUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AmlUnavailableError';
  }
}

/** AMLBot's asset code of a watched chain: a token is screened on its network (USDT on TRON is TRX). */
export const NETWORK_OF_CHAIN: Record<Chain, string> = {
  bitcoin: 'BTC',
  litecoin: 'LTC',
  ethereum: 'ETH',
  tron: 'TRX',
};

/** The asset code of an address field's network; Monero has no AML screening, so it is not asked. */
export const NETWORK_OF_ADDRESS: Partial<Record<AddressFormat, string>> = {
  ...NETWORK_OF_CHAIN,
  ton: 'TON',
  solana: 'SOL',
};
