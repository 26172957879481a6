import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: for session and reset tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored: whoever reads the database still cannot use a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
