import { hash, verify, type Algorithm } from '@node-rs/argon2';

// OWASP's minimum for argon2id: 19 MiB, two passes, one lane. The native addon hashes on libuv's
// thread pool, off the event loop.
// Algorithm is a const enum the compiler cannot inline across packages here; 2 is Argon2id.
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
