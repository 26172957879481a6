import { availableParallelism } from 'node:os';
import type { Algorithm } from '@node-rs/argon2';
import { Piscina } from 'piscina';

// OWASP's minimum for argon2id, in the form that needs the least memory: 7 MiB, five passes, one
// lane. OWASP lists five settings (46 MiB × 1 … 7 MiB × 5) as "an equal level of defense"; 19 MiB
// × 2 took 32 ms a hash here against 24 for 7 MiB × 5, whose memory fits the cache (issue 11:
// logins a second, and less memory traffic beside the event loop). Hashes stored with other
// settings carry them and verify as before.
// Algorithm is a const enum the compiler cannot inline across packages here; 2 is Argon2id.
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 7 * 1024, timeCost: 5, parallelism: 1 };

/**
 * Hashing runs in worker threads of the lowest priority, one per core. On libuv's pool it ran at
 * the event loop's priority: a few logins a second took the cores from every other call, and
 * calculate's p99 went from 5 ms to over 300 ms (issue 11). Niced, the hashes use what the event
 * loop leaves, which on an idle server is everything: logins alone are as fast as before.
 */
let pool: Piscina | null = null;
const THREADS = availableParallelism();
const workers = () =>
  (pool ??= new Piscina({
    filename: new URL('./password-worker.js', import.meta.url).href,
    maxThreads: THREADS,
    // Piscina ends a thread the moment it idles (idleTimeout 0): a burst of logins started one
    // anew each time, loading argon2 again (seen as a thread per second in --cpu-prof). Kept a
    // minute, a busy login page reuses them; idle threads do not keep the process alive.
    idleTimeout: 60_000,
    niceIncrement: 19,
  }));

/**
 * Starts the pool ahead of the first login or sign-up (main.ts) and resolves once a thread has
 * argon2 loaded. Left to that first request, starting a thread took ~100 ms of it here, against
 * ~10 ms for the hash itself.
 */
export async function startHashingThreads(): Promise<void> {
  await hashingThreadNiceness();
}

/** How many hashing threads run now (none before the pool's first use). */
export const hashingThreads = (): number => pool?.threads.length ?? 0;

export function hashPassword(password: string): Promise<string> {
  return workers().run({ password, options: ARGON2_OPTIONS }, { name: 'hash' });
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return workers().run({ passwordHash, password }, { name: 'verify' });
}

/**
 * zxcvbn's score (0–4) of a new password, with the owner's names as words to penalise. It runs in
 * the hashing threads: a 128-character password takes zxcvbn up to ~100 ms of CPU.
 */
export function passwordScore(password: string, userInputs: string[]): Promise<number> {
  return workers().run({ password, userInputs }, { name: 'strength' });
}

/** The nice value of a hashing thread (19 on Linux). */
export function hashingThreadNiceness(): Promise<number> {
  return workers().run(null, { name: 'niceness' });
}
