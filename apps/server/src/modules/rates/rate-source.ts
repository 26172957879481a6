import { Decimal, type PriceSource } from '@obmen/shared';

/** One asset's price from one source: USD for one unit, and the source's own time for it when it gives one. */
export interface SourceReading {
  usdPrice: Decimal;
  at: Date | null;
}

/**
 * A public price source behind one port (style §14, BTCPay's rate providers): one real client per
 * provider, a local fake in its documented format for tests. `read` answers the assets it has a
 * price for, by valute, and throws when it cannot answer at all (down, refused, not its format).
 */
export interface RateSource {
  id: PriceSource;
  /** What it prices: coins against USDT, or the rouble against the US dollar. */
  kind: 'crypto' | 'rouble';
  read(valutes: string[]): Promise<Map<string, SourceReading>>;
}

/** How a source is reached: its base URL and how long one request may take. */
export interface SourceEndpoint {
  baseUrl: string;
  timeoutMs?: number | undefined;
}

export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

// At most the 20 whole digits prices are stored with (numeric(38, 18)).
const POSITIVE = /^\d{1,20}(\.\d{1,30})?$/;

/** A price as the source wrote it (a decimal string), or null when it is not a positive number. */
export function positivePrice(text: unknown): Decimal | null {
  if (typeof text !== 'string' || !POSITIVE.test(text)) return null;
  const price = new Decimal(text);
  return price.gt(0) ? price : null;
}

/** The answer's JSON, or an error naming the source when it is something else (a maintenance page). */
export async function jsonOf(response: Response, name: string): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    throw new Error(`${name} answered with something that is not JSON`);
  }
}

/** A time the source gives in epoch milliseconds (a number or a string of digits), or null. */
export function epochMs(value: unknown): Date | null {
  const ms =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{10,16}$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(ms) && ms > 0 ? new Date(ms) : null;
}
