import { createHash } from 'node:crypto';
import type { UserRow } from '../accounts/accounts.repository';

/** An Idempotency-Key in its sender's scope, and the request it first came with. */
export interface Idempotency {
  key: string;
  fingerprint: string;
}

/** The same JSON whatever the order of its keys. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
          .join(',')}}`
      : (JSON.stringify(value) ?? 'null');

/**
 * A key answers only its sender (a user, or a visitor's e-mail), and only for the request it came
 * with: a retry of the same body gets the same ticket, another body under the key gets 422.
 */
export function idempotencyOf(
  key: string | undefined,
  body: { email: string },
  user: UserRow | null,
): Idempotency | null {
  if (!key) return null;
  const sender = user ? `user:${user.id}` : `email:${body.email.toLowerCase()}`;
  return { key: `${sender}:${key}`, fingerprint: createHash('sha256').update(canonical(body)).digest('base64url') };
}
