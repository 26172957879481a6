import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createUser } from '../../test/users';
import { redactTokens } from './request-log';

describe('redactTokens', () => {
  it.each([
    ['/checktoken?token=abc', '/checktoken?token=[redacted]'],
    ['/ru/reset?email=a%40b.c&token=x-y_z&next=1', '/ru/reset?email=a%40b.c&token=[redacted]&next=1'],
    ['/x?Token=1&access_token=2#frag', '/x?Token=[redacted]&access_token=[redacted]#frag'],
    ['/api/v1/Tickets/abc?page=2', '/api/v1/Tickets/abc?page=2'],
    ['/token', '/token'],
  ])('%s', (url, logged) => expect(redactTokens(url)).toBe(logged));
});

describe('the request log', () => {
  const lines: string[] = [];
  let ctx: TestContext;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    ctx = await createTestApp({ seed: false, logger: { level: 'info', stream } });
  });
  afterAll(() => ctx.close());

  it('never holds a session token or a reset token from a URL', async () => {
    const { token } = await createUser(ctx);
    const checked = await ctx.app.inject({ url: `/checktoken?token=${token}` });
    expect(checked.statusCode).toBe(200);
    await ctx.app.inject({ url: '/ru/reset?email=someone%40example.com&token=reset-token-from-a-mail' });
    const log = lines.join('');
    expect(log).toContain('"url":"/checktoken?token=[redacted]"');
    expect(log).toContain('"url":"/ru/reset?email=someone%40example.com&token=[redacted]"');
    expect(log).not.toContain(token);
    expect(log).not.toContain('reset-token-from-a-mail');
  });
});
