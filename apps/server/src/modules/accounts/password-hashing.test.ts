import { describe, expect, it, vi } from 'vitest';
import { availableParallelism } from 'node:os';
import { hashSync } from '@node-rs/argon2';
import { hashingThreadNiceness, hashPassword, loginTurn, verifyPassword } from './password-hashing';

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

describe('logins taking turns', () => {
  it('runs at most twice the hashing threads at once, the rest in arrival order, and every one to its end', async () => {
    const limit = 2 * availableParallelism();
    const count = limit + 5;
    const failing = limit - 1;
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        loginTurn(async () => {
          started.push(i);
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running -= 1;
          if (i === failing) throw new Error('this one fails');
          return i;
        }).catch((error: Error) => error.message),
      ),
    );
    expect(most).toBe(limit);
    expect(started).toEqual(Array.from({ length: count }, (_, i) => i));
    expect(results).toEqual(Array.from({ length: count }, (_, i) => (i === failing ? 'this one fails' : i)));
    // A failure gave its turn back: the next burst still gets every turn at once.
    running = 0;
    most = 0;
    await Promise.all(
      Array.from({ length: limit }, () =>
        loginTurn(async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((r) => setTimeout(r, 5));
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(limit);
  });
});
