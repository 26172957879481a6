import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passRateLimitWindows } from '../../../test/clock';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { openPostgres, type Database } from '../../db/database';
import { outbox } from '../../db/schema';
import { DEFAULT_LOGIN_LIMITS } from './login-throttle';
import { enrolTwoFactor, registerCode } from '../../../test/users';

const PASSWORD = 'Tr0ub4dor&Zebra';
const WRONG = 'Wrong-Pass-1!';
let ctx: TestContext;
let seq = 0;

beforeAll(async () => {
  // The limits as shipped: 5 per account and address, 10 per account, 40 per address, 10 per device cookie.
  ctx = await createTestApp({
    seed: false,
    limits: {
      login: DEFAULT_LOGIN_LIMITS,
      accounts: {
        register: { max: 100, windowSeconds: 3600 },
        passwordReset: { max: 2, windowSeconds: 3600 },
        registerCode: { max: 100, windowSeconds: 3600 },
      },
    },
  });
});
afterAll(() => ctx.close());

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq += 1)}`;

type App = TestContext['app'];

async function signUp(test: TestContext, username: string, { ip = '10.9.0.1', lang = 'ru' } = {}) {
  const email = `${username}@example.com`;
  const emailCode = await registerCode(test, email);
  return test.app.inject({
    method: 'POST',
    url: '/register',
    remoteAddress: ip,
    headers: { 'accept-language': lang },
    payload: { username, email, emailCode, password: PASSWORD, confirmPassword: PASSWORD, agree: true },
  });
}

async function register(lang = 'ru') {
  const username = unique('acct');
  expect((await signUp(ctx, username, { lang })).statusCode).toBe(200);
  return { username, email: `${username}@example.com` };
}

interface Attempt {
  ip?: string;
  lang?: string;
  cookies?: Record<string, string>;
  app?: App;
}

const login = (
  username: string,
  password: string,
  { ip = '10.0.0.2', lang = 'ru', cookies, app = ctx.app }: Attempt = {},
) =>
  app.inject({
    method: 'POST',
    url: '/token',
    remoteAddress: ip,
    headers: { 'accept-language': lang },
    payload: { username, password },
    ...(cookies && { cookies }),
  });

/** The device cookie a successful sign-in leaves in the browser. */
async function knownBrowser(username: string, ip = '10.7.7.7'): Promise<Record<string, string>> {
  const res = await login(username, PASSWORD, { ip });
  expect(res.statusCode).toBe(200);
  const [cookie] = res.cookies as { name: string; value: string; path: string; httpOnly: boolean; sameSite: string }[];
  expect(cookie).toMatchObject({ path: '/token', httpOnly: true, sameSite: 'Strict' });
  return { [cookie!.name]: cookie!.value };
}

const guessingMails = (email: string) =>
  ctx.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'login_guessing')));

describe('failed sign-ins: strangers are slowed, the owner keeps getting in (issue 33)', () => {
  it('gives one address 5 guesses at an account; the same password works from elsewhere', async () => {
    const { username } = await register();
    for (let i = 0; i < 5; i += 1) expect((await login(username, WRONG)).statusCode).toBe(400);
    const locked = await login(username, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(locked.json()).toEqual({
      error: { code: 'too_many_attempts', message: 'Слишком много попыток входа. Попробуйте через 15 мин.' },
    });
    expect((await login(username, PASSWORD, { lang: 'en' })).json().error.message).toBe(
      'Too many login attempts. Try again in 15 min.',
    );
    expect((await login(username, PASSWORD, { ip: '10.0.0.3' })).statusCode).toBe(200);
  });

  it('closes the account to unknown browsers after 10 guesses from anywhere, not to the owner’s browser', async () => {
    const { username, email } = await register('en');
    const browser = await knownBrowser(username);
    // The admin's account included: a botnet of ten addresses, each guessing once.
    for (let i = 0; i < 10; i += 1) expect((await login(username, WRONG, { ip: `10.1.0.${i}` })).statusCode).toBe(400);
    expect((await login(username, PASSWORD, { ip: '10.1.0.99' })).statusCode).toBe(429);
    expect((await login(`${username}@example.com`, PASSWORD, { ip: '10.1.0.98' })).statusCode).toBe(429);
    // The browser that signed in before goes on signing in, from any address.
    expect((await login(username, PASSWORD, { ip: '10.1.0.97', cookies: browser })).statusCode).toBe(200);
    expect((await login(username, PASSWORD, { ip: '10.1.0.0', cookies: browser })).statusCode).toBe(200);

    // One mail for the lockout, in the owner's language, however long the guessing goes on.
    for (let i = 0; i < 5; i += 1) await login(username, WRONG, { ip: `10.1.1.${i}` });
    const mails = await guessingMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ lang: 'en', subject: 'Obmen: wrong passwords for your account' });
    expect(mails[0]!.text).toContain('most recently from the address 10.1.0.9');
  });

  it('mails a Russian speaker in Russian', async () => {
    const { username, email } = await register();
    for (let i = 0; i < 5; i += 1) await login(username, WRONG, { ip: '10.2.0.1' });
    const [mail] = await guessingMails(email);
    expect(mail).toMatchObject({ lang: 'ru', subject: 'Obmen: неверные пароли от вашего аккаунта' });
    expect(mail!.text).toContain('последний раз — с адреса 10.2.0.1');
  });

  it('locks out a device cookie that is itself used for guessing', async () => {
    const { username } = await register();
    const browser = await knownBrowser(username);
    for (let i = 0; i < 10; i += 1) {
      expect((await login(username, WRONG, { ip: `10.3.0.${i}`, cookies: browser })).statusCode).toBe(400);
    }
    expect((await login(username, PASSWORD, { cookies: browser })).statusCode).toBe(429);
    // Its guesses were its own: the account is still open to a stranger with the password.
    expect((await login(username, PASSWORD, { ip: '10.3.1.1' })).statusCode).toBe(200);
  });

  it('trusts no cookie but its own: another account’s, a forged one', async () => {
    const victim = await register();
    const other = await register();
    const othersCookie = await knownBrowser(other.username);
    const cookieName = Object.keys(othersCookie)[0]!;
    const [login64, nonce] = othersCookie[cookieName]!.split('.');
    const forged = {
      [cookieName]: `${Buffer.from(victim.username.toLowerCase()).toString('base64url')}.${nonce}.AAAA`,
    };
    expect(Buffer.from(login64!, 'base64url').toString()).toBe(other.username.toLowerCase());
    for (const cookies of [othersCookie, forged, {}, othersCookie, forged]) {
      expect((await login(victim.username, WRONG, { ip: '10.4.0.1', cookies })).statusCode).toBe(400);
    }
    // Six guesses from one address, whatever cookies came along: past the five an untrusted client gets.
    expect((await login(victim.username, PASSWORD, { ip: '10.4.0.1', cookies: othersCookie })).statusCode).toBe(429);
  });

  it('forgives the owner’s typos at an address once they get in there', async () => {
    const { username } = await register();
    for (const password of [WRONG, WRONG, WRONG, WRONG, PASSWORD, WRONG, WRONG, WRONG, WRONG]) {
      expect((await login(username, password, { ip: '10.5.0.1' })).statusCode).toBe(password === PASSWORD ? 200 : 400);
    }
    expect((await login(username, PASSWORD, { ip: '10.5.0.1' })).statusCode).toBe(200);
  });

  it('limits one address guessing across many accounts', async () => {
    for (let i = 0; i < 40; i += 1)
      expect((await login(unique('ghost'), WRONG, { ip: '10.6.0.9' })).statusCode).toBe(400);
    expect((await login(unique('ghost'), WRONG, { ip: '10.6.0.9' })).statusCode).toBe(429);
    expect((await login(unique('ghost'), WRONG, { ip: '10.6.0.10' })).statusCode).toBe(400);
  });
});

describe('a burst of guesses across two server processes', () => {
  let second: TestContext;
  let secondDatabase: Database | null = null;
  beforeAll(async () => {
    // On PostgreSQL a pool of its own, as another process has; PGlite is one process's database.
    const url = (ctx.database as Database & { url?: string }).url;
    secondDatabase = url ? await openPostgres(url, 10) : null;
    second = await createTestApp({
      database: secondDatabase ?? ctx.database,
      limits: {
        login: DEFAULT_LOGIN_LIMITS,
        accounts: {
          register: { max: 100, windowSeconds: 3600 },
          passwordReset: { max: 2, windowSeconds: 3600 },
          registerCode: { max: 100, windowSeconds: 3600 },
        },
      },
    });
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase?.close();
  });

  it('checks exactly as many passwords as the limit, from one address and from many', async () => {
    const one = await register();
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        login(one.username, WRONG, { ip: '10.8.0.1', app: i % 2 ? second.app : ctx.app }),
      ),
    );
    const checked = burst.filter((res) => res.statusCode === 400).length;
    expect(burst.map((res) => res.statusCode).filter((status) => status !== 400 && status !== 429)).toEqual([]);
    expect(checked).toBe(DEFAULT_LOGIN_LIMITS.perAccountAndIp);

    const many = await register();
    const distributed = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        login(many.username, WRONG, { ip: `10.8.1.${i}`, app: i % 2 ? second.app : ctx.app }),
      ),
    );
    expect(distributed.filter((res) => res.statusCode === 400)).toHaveLength(DEFAULT_LOGIN_LIMITS.perAccount);
    expect(await guessingMails(many.email)).toHaveLength(1);
  });
});

describe('the window', () => {
  it('lifts a lockout once it has passed', async () => {
    const { username } = await register();
    for (let i = 0; i < 5; i += 1) expect((await login(username, WRONG, { ip: '10.9.9.1' })).statusCode).toBe(400);
    expect((await login(username, PASSWORD, { ip: '10.9.9.1' })).statusCode).toBe(429);
    await passRateLimitWindows(ctx.database.db, DEFAULT_LOGIN_LIMITS.windowSeconds - 60);
    const late = await login(username, PASSWORD, { ip: '10.9.9.1' });
    expect(late.statusCode).toBe(429);
    expect(late.json().error.message).toBe('Слишком много попыток входа. Попробуйте через 1 мин.');
    await passRateLimitWindows(ctx.database.db, 60);
    expect((await login(username, PASSWORD, { ip: '10.9.9.1' })).statusCode).toBe(200);
  });
});

describe('sign-ups and resets', () => {
  it('limits reset mails per address, keyed on the connecting address unless its proxy is trusted', async () => {
    const forgot = (app: App, forwardedFor: string) =>
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

  it('limits sign-ups per address', async () => {
    const limited = await createTestApp({
      seed: false,
      limits: {
        accounts: { register: { max: 3, windowSeconds: 3600 }, passwordReset: { max: 2, windowSeconds: 3600 } },
      },
    });
    try {
      const bulk = () => signUp(limited, unique('bulk'), { ip: '10.0.1.1' });
      for (let i = 0; i < 3; i += 1) expect((await bulk()).statusCode).toBe(200);
      expect((await bulk()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('a signed-in session proving its owner again: counted like sign-ins (issue 42)', () => {
  const session = async (username: string) =>
    ((await login(username, PASSWORD, { ip: '10.5.0.1' })).json().user.access_token as string) ?? '';
  const post = (url: string, token: string, payload: object, ip = '10.5.0.2') =>
    ctx.app.inject({ method: 'POST', url, remoteAddress: ip, headers: { authorization: `Bearer ${token}` }, payload });

  it('refuses a burst of wrong codes on turning 2FA off with 429 once the limit is reached', async () => {
    const { username, email } = await register();
    const token = await session(username);
    const { recoveryCodes } = await enrolTwoFactor(ctx, { authorization: `Bearer ${token}` });
    const wrongCode = () => post('/api/v1/User/2fa/disable', token, { code: '000000', password: PASSWORD });
    const burst = await Promise.all(Array.from({ length: 30 }, wrongCode));
    const statuses = burst.map((res) => res.statusCode);
    // Five wrong codes from one address are checked (perAccountAndIp), the rest refused unchecked.
    expect(statuses.filter((status) => status === 400)).toHaveLength(DEFAULT_LOGIN_LIMITS.perAccountAndIp);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - DEFAULT_LOGIN_LIMITS.perAccountAndIp);
    // A right code is refused too from there until the window ends; it stays on.
    const right = await post('/api/v1/User/2fa/disable', token, { code: recoveryCodes[0]!, password: PASSWORD });
    expect(right.statusCode).toBe(429);
    // From five more addresses the account's counter fills: its owner is mailed, as for sign-ins.
    for (let i = 0; i < 5; i += 1) {
      await post('/api/v1/User/2fa/disable', token, { code: '000000', password: PASSWORD }, `10.5.1.${i}`);
    }
    expect(await guessingMails(email)).toHaveLength(1);
    expect((await login(username, PASSWORD, { ip: '10.5.2.1' })).statusCode).toBe(429);
  });

  it('counts wrong passwords on turning 2FA on and on a password change', async () => {
    const { username } = await register();
    const token = await session(username);
    await post('/api/v1/User/2fa/start', token, {});
    for (let i = 0; i < 3; i += 1) {
      const res = await post('/api/v1/User/2fa/confirm', token, { code: '000000', password: WRONG });
      expect(res.statusCode).toBe(400);
    }
    for (let i = 0; i < 2; i += 1) {
      const res = await post('/api/v1/User/change-password', token, {
        oldPassword: WRONG,
        newPassword: 'Lantern-Quiet-Harbor-58',
      });
      expect(res.statusCode).toBe(400);
    }
    const change = await post('/api/v1/User/change-password', token, {
      oldPassword: PASSWORD,
      newPassword: 'Lantern-Quiet-Harbor-58',
    });
    expect(change.statusCode).toBe(429);
  });
});
