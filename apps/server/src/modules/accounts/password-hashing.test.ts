import { describe, expect, it, vi } from 'vitest';
import { hashSync } from '@node-rs/argon2';
import { hashingThreadNiceness, hashPassword, verifyPassword } from './password-hashing';

describe('password hashing', () => {
  it('hashes with argon2id at OWASP’s minimum and verifies only the right password', async () => {
    const hash = await hashPassword('Correct-Horse-Battery-1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(await verifyPassword(hash, 'Correct-Horse-Battery-1')).toBe(true);
    expect(await verifyPassword(hash, 'correct-horse-battery-1')).toBe(false);
    expect(await verifyPassword('not a hash', 'Correct-Horse-Battery-1')).toBe(false);
  });

  it('still verifies hashes stored with OWASP’s other minimum (19 MiB, two passes)', async () => {
    const stored = hashSync('Correct-Horse-Battery-1', { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 });
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Correct-Horse-Battery-1')).toBe(true);
    expect(await verifyPassword(stored, 'Correct-Horse-Battery-2')).toBe(false);
  });

  it('hashes on threads below the event loop’s priority', async () => {
    expect(await hashingThreadNiceness()).toBe(process.platform === 'linux' ? 19 : expect.any(Number));
  });

  it('starts a thread before the first hash when asked to (at the server’s start)', async () => {
    vi.resetModules();
    const fresh = await import('./password-hashing');
    expect(fresh.hashingThreads()).toBe(0);
    await fresh.startHashingThreads();
    expect(fresh.hashingThreads()).toBeGreaterThan(0);
  });
});
