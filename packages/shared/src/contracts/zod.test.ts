import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { issueMessage } from '../validation/issue-message';
import { loginBody } from './accounts';
import { adminNewsBody } from './admin';
import * as z from './zod';

describe("the contracts' strings refuse U+0000 (PostgreSQL cannot store it)", () => {
  it('wherever it stands in the text, and name the field in both languages', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const result = loginBody.safeParse({ username: `${before}\u0000${after}`, password: 'secret' });
        expect(result.success).toBe(false);
        const issue = result.error!.issues.find((i) => i.message === 'validation.forbiddenCharacter');
        expect(issue?.path).toEqual(['username']);
      }),
    );
    const issue = loginBody.safeParse({ username: 'a\u0000', password: 'x' }).error!.issues[0]!;
    expect(issueMessage(issue, 'ru')).toBe('Поле содержит недопустимый символ');
    expect(issueMessage(issue, 'en')).toBe('The field contains a character that is not allowed');
  });

  it('refuses a lone UTF-16 surrogate, high or low, and keeps a pair whole (issue 42)', () => {
    for (const text of ['a\ud800b', 'a\udc00', '\ud83d', 'x\ude00\ud83d']) {
      expect(z.string().safeParse(text).error?.issues[0]?.message, JSON.stringify(text)).toBe(
        'validation.forbiddenCharacter',
      );
    }
    expect(z.string().safeParse('обмен 😀 ok').success).toBe(true);
  });

  it('keeps every other character, the control ones included', () => {
    expect(z.string().safeParse('tab\there\u0001\u007f ok').success).toBe(true);
    expect(z.string().max(3).safeParse('abcd').success).toBe(false);
  });

  it('in long texts too (a news body)', () => {
    const news = adminNewsBody.safeParse({
      slug: 'hello',
      publishedAt: '2025-01-01',
      titleRu: 'Т',
      titleEn: 'T',
      bodyRu: `${'x'.repeat(1000)}\u0000`,
    });
    expect(news.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'bodyRu',
      'validation.forbiddenCharacter',
    ]);
  });
});
