import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passRateLimitWindows } from '../../../test/clock';
import { createTestApp, type TestContext } from '../../../test/test-app';

const PASSWORD = 'Tr0ub4dor&Zebra';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({
    seed: false,
    limits: {
      login: { windowSeconds: 2, perAccount: 3, perIp: 6 },
      accounts: { register: { max: 3, windowSeconds: 3600 }, passwordReset: { max: 2, windowSeconds: 3600 } },
    },
  });
});
afterAll(() => ctx.close());

const register = (username: string, ip = '10.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/register',
    remoteAddress: ip,
    payload: { username, email: `${username}@example.com`, password: PASSWORD, confirmPassword: PASSWORD, agree: true },
  });
const login = (username: string, password: string, ip = '10.0.0.2', lang = 'ru') =>
  ctx.app.inject({
    method: 'POST',
    url: '/token',
    remoteAddress: ip,
    headers: { 'accept-language': lang },
    payload: { username, password },
  });

describe('failed-login limits', () => {
  it('locks an account after repeated failures, even for the right password, then lifts', async () => {
    expect((await register('lockme')).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await login('lockme', 'Wrong-Pass-1!')).statusCode).toBe(400);
    const locked = await login('lockme@example.com', PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toMatch(/^[12]$/);
    expect(locked.json()).toEqual({
      error: { code: 'too_many_attempts', message: 'Слишком много попыток входа. Попробуйте через 1 мин.' },
    });
    expect((await login('lockme', PASSWORD, '10.0.0.2', 'en')).json().error.message).toBe(
      'Too many login attempts. Try again in 1 min.',
    );
    await passRateLimitWindows(ctx.database.db, 1);
    expect((await login('lockme', PASSWORD)).statusCode).toBe(429);
    await passRateLimitWindows(ctx.database.db, 1);
    expect((await login('lockme', PASSWORD)).statusCode).toBe(200);
  });

  it('forgets an account’s failures once its owner gets in', async () => {
    expect((await register('forgetful')).statusCode).toBe(200);
    const attempt = (password: string) => login('forgetful', password, '10.0.0.3');
    for (const password of ['Wrong-Pass-1!', 'Wrong-Pass-2!', PASSWORD, 'Wrong-Pass-3!', 'Wrong-Pass-4!']) {
      expect((await attempt(password)).statusCode).toBe(password === PASSWORD ? 200 : 400);
    }
    // Two failures since the last success, under the limit of three.
    expect((await attempt(PASSWORD)).statusCode).toBe(200);
  });

  it('limits one address guessing across many accounts', async () => {
    for (let i = 0; i < 6; i += 1) expect((await login(`ghost${i}`, 'Wrong-Pass-1!', '10.0.0.9')).statusCode).toBe(400);
    expect((await login('ghost-next', 'Wrong-Pass-1!', '10.0.0.9')).statusCode).toBe(429);
    expect((await login('ghost-next', 'Wrong-Pass-1!', '10.0.0.10')).statusCode).toBe(400);
  });

  it('limits sign-ups and reset mails per address', async () => {
    for (let i = 0; i < 3; i += 1) expect((await register(`bulk${i}`, '10.0.1.1')).statusCode).toBe(200);
    expect((await register('bulk-more', '10.0.1.1')).statusCode).toBe(429);
    const forgot = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/forgot_password',
        remoteAddress: '10.0.1.2',
        payload: { email: 'a@b.co' },
      });
    expect((await forgot()).statusCode).toBe(200);
    expect((await forgot()).statusCode).toBe(200);
    expect((await forgot()).statusCode).toBe(429);
  });

  it('keys on the connecting address: a made-up X-Forwarded-For is ignored unless its proxy is trusted', async () => {
    const forgot = (app: TestContext['app'], forwardedFor: string) =>
      app.inject({
        method: 'POST',
        url: '/forgot_password',
        remoteAddress: '10.0.2.1',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { email: 'a@b.co' },
      });
    expect((await forgot(ctx.app, '198.51.100.1')).statusCode).toBe(200);
    expect((await forgot(ctx.app, '198.51.100.2')).statusCode).toBe(200);
    expect((await forgot(ctx.app, '198.51.100.3')).statusCode).toBe(429);

    const behindProxy = await createTestApp({
      seed: false,
      trustProxy: ['10.0.2.0/24'],
      limits: {
        accounts: { register: { max: 3, windowSeconds: 3600 }, passwordReset: { max: 2, windowSeconds: 3600 } },
      },
    });
    try {
      for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
        expect((await forgot(behindProxy.app, client)).statusCode).toBe(200);
      }
    } finally {
      await behindProxy.close();
    }
  });
});
