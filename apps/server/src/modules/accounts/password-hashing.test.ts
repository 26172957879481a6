import { describe, expect, it } from 'vitest';
import { hashingThreadNiceness, hashPassword, takingTurns, verifyPassword } from './password-hashing';

describe('password hashing', () => {
  it('hashes with argon2id at OWASP’s minimum and verifies only the right password', async () => {
    const hash = await hashPassword('Correct-Horse-Battery-1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Correct-Horse-Battery-1')).toBe(true);
    expect(await verifyPassword(hash, 'correct-horse-battery-1')).toBe(false);
    expect(await verifyPassword('not a hash', 'Correct-Horse-Battery-1')).toBe(false);
  });

  it('hashes on threads below the event loop’s priority', async () => {
    expect(await hashingThreadNiceness()).toBe(process.platform === 'linux' ? 19 : expect.any(Number));
  });
});

describe('taking turns', () => {
  it('runs at most the limit at once, the rest in arrival order, and every one to its end', async () => {
    const turn = takingTurns(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        turn(async () => {
          started.push(i);
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running -= 1;
          if (i === 3) throw new Error('three fails');
          return i;
        }).catch((error: Error) => error.message),
      ),
    );
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results).toEqual([0, 1, 2, 'three fails', 4, 5, 6]);
    // A failure gave its turn back: the next burst still gets both turns at once.
    running = 0;
    most = 0;
    await Promise.all(
      [1, 2].map(() =>
        turn(async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((r) => setTimeout(r, 5));
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
  });
});
