import { describe, expect, it } from 'vitest';
import { hashingThreadNiceness, hashPassword, verifyPassword } from './password-hashing';

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
