import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { issueMessage } from './issue-message';

const form = z.object({
  email: z.email(),
  name: z.string().min(3).max(5),
  amount: z.number().min(10).max(20),
  side: z.enum(['give', 'get']),
});

function messages(input: unknown, lang: 'ru' | 'en') {
  const result = form.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issueMessage(issue, lang)]));
}

describe('validation messages', () => {
  it('uses the spec texts in Russian', () => {
    expect(messages({ email: 'x', name: 'ab', amount: 5, side: 'up' }, 'ru')).toEqual({
      email: 'Неверный формат почты',
      name: 'Минимум 3 символов',
      amount: 'Минимальное значние: 10',
      side: 'Неверное значение',
    });
    expect(messages({ email: 'a@b.co', name: 'abcdefg', amount: 50, side: 'get' }, 'ru')).toEqual({
      name: 'Максимум 5 символов',
      amount: 'Максимальное значние: 20',
    });
  });

  it('says a missing field is required, in English too', () => {
    expect(messages({}, 'en')).toEqual({
      email: 'This field is required',
      name: 'This field is required',
      amount: 'This field is required',
      side: 'This field is required',
    });
  });
});
