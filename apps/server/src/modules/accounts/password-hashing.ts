import { availableParallelism } from 'node:os';
import type { Algorithm } from '@node-rs/argon2';
import { Piscina } from 'piscina';

// OWASP's minimum for argon2id: 19 MiB, two passes, one lane.
// Algorithm is a const enum the compiler cannot inline across packages here; 2 is Argon2id.
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

/**
 * Hashing runs in worker threads of the lowest priority, one per core. On libuv's pool it ran at
 * the event loop's priority: a few logins a second took the cores from every other call, and
 * calculate's p99 went from 5 ms to over 300 ms (issue 11). Niced, the hashes use what the event
 * loop leaves, which on an idle server is everything: logins alone are as fast as before.
 */
let pool: Piscina | null = null;
const workers = () =>
  (pool ??= new Piscina({
    filename: new URL('./password-worker.js', import.meta.url).href,
    maxThreads: availableParallelism(),
    niceIncrement: 19,
  }));

export function hashPassword(password: string): Promise<string> {
  return workers().run({ password, options: ARGON2_OPTIONS }, { name: 'hash' });
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return workers().run({ passwordHash, password }, { name: 'verify' });
}

/** The nice value of a hashing thread (19 on Linux). */
export function hashingThreadNiceness(): Promise<number> {
  return workers().run(null, { name: 'niceness' });
}
