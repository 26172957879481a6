import { describe, expect, it } from 'vitest';
import passwords from '@zxcvbn-ts/language-common/src/passwords.json' with { type: 'json' };
import { containsPersonalInfo, isCommonPassword } from './password-policy';

describe('the common-password list', () => {
  it('holds the 10 000 most used passwords that a length rule lets through', () => {
    const top = (passwords as string[]).slice(0, 10_000).filter((p) => p.length >= 6 && /^[\x20-\x7e]+$/.test(p));
    expect(top.length).toBeGreaterThan(8000);
    expect(top.filter((p) => !isCommonPassword(p))).toEqual([]);
  });

  it('sees through decoration', () => {
    for (const password of ['Password1!', 'Qwerty123!', 'Iloveyou!1', 'Sunshine1!']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(isCommonPassword('Lantern-Quiet-Harbor-58')).toBe(false);
  });
});

describe('containsPersonalInfo', () => {
  const owner = { username: 'Quokka_7', email: 'wombat.ray@example.com' };
  it.each(['quokka_7', 'My-QUOKKA_7-pass', 'wombat.ray@example.com!', 'Xwombat.ray9'])('finds the owner in %s', (p) =>
    expect(containsPersonalInfo(p, owner)).toBe(true),
  );
  it('lets other passwords and names too short to matter through', () => {
    expect(containsPersonalInfo('Lantern-Quiet-Harbor-58', owner)).toBe(false);
    expect(containsPersonalInfo('ab-Lantern-Harbor', { username: 'ab', email: 'ab@x.io' })).toBe(false);
  });
});
