// Password hashing in piscina's worker threads (see password-hashing.ts). Plain JavaScript so the
// same file runs from the sources (tests, `npm run dev`) and from dist/ (tsup copies it there).
import { getPriority } from 'node:os';
import { hashSync, verifySync } from '@node-rs/argon2';

/** @param {{ password: string; options: import('@node-rs/argon2').Options }} task */
export function hash({ password, options }) {
  return hashSync(password, options);
}

/** @param {{ passwordHash: string; password: string }} task */
export function verify({ passwordHash, password }) {
  try {
    return verifySync(passwordHash, password);
  } catch {
    // A malformed stored hash matches nothing.
    return false;
  }
}

/** This thread's nice value (Linux keeps one per thread): what the pool promises, checked by a test. */
export function niceness() {
  return getPriority();
}
