/**
 * A random Idempotency-Key. `crypto.randomUUID` exists only on https and localhost; the exchange
 * may be opened over plain http on a LAN address, where `getRandomValues` still works.
 */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
