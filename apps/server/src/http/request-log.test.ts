import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { createTestApp, tempWebDist, type TestContext } from '../../test/test-app';
import { createUser } from '../../test/users';
import { redactTokens } from './request-log';

describe('redactTokens', () => {
  it.each([
    ['/checktoken?token=abc', '/checktoken?token=[redacted]'],
    ['/ru/reset?email=a%40b.c&token=x-y_z&next=1', '/ru/reset?email=a%40b.c&token=[redacted]&next=1'],
    ['/x?Token=1&access_token=2#frag', '/x?Token=[redacted]&access_token=[redacted]#frag'],
    ['/api/v1/Tickets/abc?page=2', '/api/v1/Tickets/abc?page=2'],
    ['/token', '/token'],
    // Issue 42: the key as the server decodes it, and ticket ids (keys to visitor tickets) cut short.
    ['/checktoken?%74oken=abc', '/checktoken?%74oken=[redacted]'],
    ['/checktoken?%54OKEN=abc&x=%zz', '/checktoken?%54OKEN=[redacted]&x=%zz'],
    ['/api/v1/Tickets/AbCdEfGh12345678901234', '/api/v1/Tickets/AbCdEfGh…'],
    ['/api/v1/Tickets/cancel/AbCdEfGh12345678901234', '/api/v1/Tickets/cancel/AbCdEfGh…'],
    ['/api/v1/Tickets/AbCdEfGh12345678901234/refund', '/api/v1/Tickets/AbCdEfGh…/refund'],
    ['/api/v1/Tickets/%41bCdEfGh12345678901234/continue', '/api/v1/Tickets/AbCdEfGh…/continue'],
    ['/ru/ticket/AbCdEfGh12345678901234?x=1', '/ru/ticket/AbCdEfGh…?x=1'],
    ['/api/admin/tickets/AbCdEfGh12345678901234/payment', '/api/admin/tickets/AbCdEfGh…/payment'],
    ['/api/v1/CardCheck/image?ticketId=AbCdEfGh12345678901234', '/api/v1/CardCheck/image?ticketId=AbCdEfGh…'],
    ['/api/v1/CardCheck/image?ticket%49d=AbCdEfGh12345678901234', '/api/v1/CardCheck/image?ticket%49d=AbCdEfGh…'],
    ['/api/v1/Tickets/create', '/api/v1/Tickets/create'],
    ['/ru/news/a-long-news-slug-about-things', '/ru/news/a-long-news-slug-about-things'],
  ])('%s', (url, logged) => expect(redactTokens(url)).toBe(logged));
});

describe('the request log', () => {
  const lines: string[] = [];
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = tempWebDist({
      'index.html': '<!doctype html><html><head><title>Obmen</title></head><body><div id="root"></div></body></html>',
      'assets/app-1a2b3c.js': 'console.log("app")',
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    ctx = await createTestApp({ seed: false, webDist: dist, logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const entries = () =>
    lines.map((line) => JSON.parse(line) as { level: number; msg: string; req?: { url: string }; res?: object });
  const requestLines = (url: string) => entries().filter((e) => e.req?.url === url);

  it('writes one line per request, at info, with its status and time; none for the build’s files', async () => {
    expect((await ctx.app.inject({ url: '/api/v1/Exchange/get_currencies/give' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/assets/app-1a2b3c.js' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/favicon.svg' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/ru/faq' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/assets/missing-00.js' })).statusCode).toBe(404);

    const api = requestLines('/api/v1/Exchange/get_currencies/give');
    expect(api).toHaveLength(1);
    expect(api[0]).toMatchObject({
      level: 30,
      msg: 'request',
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(requestLines('/ru/faq')).toHaveLength(1);
    expect(requestLines('/assets/app-1a2b3c.js')).toHaveLength(0);
    expect(requestLines('/favicon.svg')).toHaveLength(0);
    expect(requestLines('/assets/missing-00.js')).toHaveLength(1);
    expect(entries().filter((e) => e.msg === 'incoming request' || e.msg === 'request completed')).toEqual([]);
  });

  it('never holds a session token or a reset token from a URL', async () => {
    const { token } = await createUser(ctx);
    const checked = await ctx.app.inject({ url: `/checktoken?token=${token}` });
    expect(checked.statusCode).toBe(200);
    await ctx.app.inject({ url: '/ru/reset?email=someone%40example.com&token=reset-token-from-a-mail' });
    // The server decodes the key, so the log must too (issue 42).
    const encoded = await ctx.app.inject({ url: `/checktoken?%74oken=${token}` });
    expect(encoded.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('"url":"/checktoken?token=[redacted]"');
    expect(log).toContain('"url":"/ru/reset?email=someone%40example.com&token=[redacted]"');
    expect(log).not.toContain(token);
    expect(log).not.toContain('reset-token-from-a-mail');
  });

  it('holds a visitor ticket’s id only cut short, on the API and on its page', async () => {
    const id = 'Zq3xVbN7mK2pLs9dWf4hTy';
    await ctx.app.inject({ url: `/api/v1/Tickets/${id}` });
    await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/cancel/${id}` });
    await ctx.app.inject({ url: `/api/v1/CardCheck/checkstatusbyticket?ticketId=${id}` });
    await ctx.app.inject({ url: `/en/ticket/${id}` });
    const log = lines.join('');
    expect(log).toContain('"url":"/api/v1/Tickets/cancel/Zq3xVbN7…"');
    expect(log).toContain('"url":"/en/ticket/Zq3xVbN7…"');
    expect(log).not.toContain(id);
  });
});
