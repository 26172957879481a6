/**
 * What sending each demo currency back costs (issue 45): taken from an overpayment's excess before it
 * goes back, and stated to the client before they choose. Each covers a usual transfer of the
 * network with room for a busy hour (docs/decisions.md "Payment problems at the original rate").
 */
export const DEMO_REFUND_FEES: Record<string, string> = {
  // A bank's transfer to another bank's card; SBP between people is free up to 100 000 ₽ a month.
  SBERRUB: '50',
  TCSBRUB: '50',
  ACRUB: '50',
  SBPRUB: '0',
  // One segwit input and two outputs, ~140 vB at ~20 sat/vB.
  BTC: '0.00003',
  // 21 000 gas at ~15 gwei.
  ETH: '0.0003',
  // ~65 000 energy burnt (~6.5 TRX, ~13 TRX to an address that never held USDT), at ~0.3 $ a TRX.
  USDTTRC20: '3',
  // ~65 000 gas of an ERC-20 transfer, with room for gas spikes.
  USDTERC20: '3',
  USDCERC20: '3',
  LTC: '0.0001',
  TON: '0.05',
  XMR: '0.0002',
  // ~270 bandwidth burnt, and 1 TRX to activate an address new to the network.
  TRX: '1.1',
  // 5 000 lamports a signature, at the currency's six decimals.
  SOL: '0.00001',
};
