import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createUser, enrolTwoFactor, TEST_PASSWORD, totpCode } from '../../../test/users';
import { twoFactors, users } from '../../db/schema';
import { createSecretSealer } from './two-factor-secret';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

const signIn = (username: string, code?: string, lang = 'ru') =>
  ctx.app.inject({
    method: 'POST',
    url: '/token',
    headers: { 'accept-language': lang },
    payload: { username, password: TEST_PASSWORD, ...(code !== undefined && { code }) },
  });

const post = (url: string, headers: Record<string, string>, payload?: object, lang = 'ru') =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'accept-language': lang },
    ...(payload && { payload }),
  });

const codeError = (res: { json(): { parameterErrors: { name: string; messages: string[] }[] } }) =>
  res.json().parameterErrors.find((error) => error.name === 'code')?.messages[0];

describe('two-factor authentication (issue 33)', () => {
  it('is enrolled with a scanned secret and a first code, and hands out ten recovery codes once', async () => {
    const user = await createUser(ctx);
    const otherSession = (await signIn(user.username)).json().user.access_token as string;
    const started = await post('/api/v1/User/2fa/start', user.headers);
    expect(started.statusCode).toBe(200);
    const { secret, otpauthUri } = started.json() as { secret: string; otpauthUri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Obmen');
    expect(decodeURIComponent(uri.pathname)).toContain(user.username);

    const wrong = await post('/api/v1/User/2fa/confirm', user.headers, { code: '000000', password: TEST_PASSWORD });
    expect(codeError(wrong)).toBe('Код неверный или уже использован');
    expect((await ctx.app.inject({ url: '/api/v1/User/2fa', headers: user.headers })).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });

    const confirmed = await post('/api/v1/User/2fa/confirm', user.headers, {
      code: totpCode(secret),
      password: TEST_PASSWORD,
    });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await ctx.app.inject({ url: '/api/v1/User/2fa', headers: user.headers })).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // The browser that turned it on stays signed in; sessions opened with the password alone end.
    expect((await ctx.app.inject({ url: `/checktoken?token=${user.token}` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/checktoken?token=${otherSession}` })).statusCode).toBe(401);
    const again = await post('/api/v1/User/2fa/start', user.headers, undefined, 'en');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Two-factor authentication is already on');
  });

  it('keeps the secret sealed at rest, bound to its user', async () => {
    const user = await createUser(ctx);
    const { secret } = await enrolTwoFactor(ctx, user.headers);
    const [row] = await ctx.database.db
      .select({ id: users.id, sealed: twoFactors.sealedSecret })
      .from(twoFactors)
      .innerJoin(users, eq(users.id, twoFactors.userId))
      .where(eq(users.username, user.username));
    expect(row!.sealed).not.toContain(secret);
    const sealer = createSecretSealer('test-two-factor-key-that-is-long-enough-0123456789');
    expect(sealer.open(row!.id, row!.sealed)).toBe(secret);
    expect(() => sealer.open('00000000-0000-0000-0000-000000000000', row!.sealed)).toThrow();
    expect(() => createSecretSealer('another-key-that-is-long-enough-0123456789').open(row!.id, row!.sealed)).toThrow();
  });

  it('asks for the code at sign-in, takes each code once, and a recovery code once', async () => {
    const user = await createUser(ctx);
    const { secret, recoveryCodes } = await enrolTwoFactor(ctx, user.headers);

    const asked = await signIn(user.username);
    expect(asked.statusCode).toBe(400);
    expect(codeError(asked)).toBe('Введите код из приложения-аутентификатора или резервный код');
    expect(codeError(await signIn(user.username, undefined, 'en'))).toBe(
      'Enter the code from your authenticator app or a recovery code',
    );
    expect(codeError(await signIn(user.username, '123456', 'en'))).toBe('The code is wrong or has been used already');

    // The enrolment used this step's code; the next step's is accepted (one step of clock drift).
    const next = totpCode(secret, 1);
    expect((await signIn(user.username, next)).statusCode).toBe(200);
    expect(codeError(await signIn(user.username, next))).toBe('Код неверный или уже использован');
    // A code of an earlier step than the last one used is no good either.
    expect((await signIn(user.username, totpCode(secret))).statusCode).toBe(400);

    const recovery = recoveryCodes[3]!;
    expect((await signIn(user.username, ` ${recovery.toUpperCase()} `)).statusCode).toBe(200);
    expect((await signIn(user.username, recovery)).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/v1/User/2fa', headers: user.headers })).json().recoveryCodesLeft).toBe(9);
  });

  it('is turned off only with a current code', async () => {
    const user = await createUser(ctx);
    const { recoveryCodes } = await enrolTwoFactor(ctx, user.headers);
    const wrong = await post('/api/v1/User/2fa/disable', user.headers, { code: '111111', password: TEST_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    const off = await post('/api/v1/User/2fa/disable', user.headers, {
      code: recoveryCodes[0]!,
      password: TEST_PASSWORD,
    });
    expect(off.statusCode).toBe(200);
    expect((await signIn(user.username)).statusCode).toBe(200);
  });

  it('is not turned on by a session alone: the password is asked again (issue 42)', async () => {
    const owner = await createUser(ctx);
    const ownersOtherSession = (await signIn(owner.username)).json().user.access_token as string;
    const { secret } = (await post('/api/v1/User/2fa/start', owner.headers)).json() as { secret: string };
    const withoutPassword = await post('/api/v1/User/2fa/confirm', owner.headers, { code: totpCode(secret) }, 'en');
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json().parameterErrors).toEqual([
      { name: 'password', messages: ['This field is required'] },
    ]);
    const guessed = await post('/api/v1/User/2fa/confirm', owner.headers, {
      code: totpCode(secret),
      password: 'Guessed-Pass-1!',
    });
    expect(guessed.json().parameterErrors).toEqual([{ name: 'password', messages: ['Текущий пароль введён неверно'] }]);
    // Still off: the owner's sessions stand and the password alone signs in.
    expect((await ctx.app.inject({ url: '/api/v1/User/2fa', headers: owner.headers })).json().enabled).toBe(false);
    expect((await ctx.app.inject({ url: `/checktoken?token=${ownersOtherSession}` })).statusCode).toBe(200);
    expect((await signIn(owner.username)).statusCode).toBe(200);
  });

  it('is not turned off by a session and a code without the password (issue 42)', async () => {
    const owner = await createUser(ctx);
    const { recoveryCodes } = await enrolTwoFactor(ctx, owner.headers);
    const withoutPassword = await post('/api/v1/User/2fa/disable', owner.headers, { code: recoveryCodes[0]! });
    expect(withoutPassword.json().parameterErrors).toEqual([{ name: 'password', messages: ['Это поле обязательно'] }]);
    const guessed = await post(
      '/api/v1/User/2fa/disable',
      owner.headers,
      { code: recoveryCodes[0]!, password: 'Guessed-Pass-1!' },
      'en',
    );
    expect(guessed.json().parameterErrors).toEqual([{ name: 'password', messages: ['The current password is wrong'] }]);
    // The wrong password did not spend the recovery code, and it is still on.
    expect((await ctx.app.inject({ url: '/api/v1/User/2fa', headers: owner.headers })).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    expect(codeError(await signIn(owner.username))).toBe('Введите код из приложения-аутентификатора или резервный код');
  });

  it('opens the console to operators and admins only once it is on', async () => {
    const operator = await createUser(ctx);
    await ctx.database.db.update(users).set({ role: 'operator' }).where(eq(users.username, operator.username));
    const refused = await ctx.app.inject({
      url: '/api/admin/tickets',
      headers: { ...operator.headers, 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: { code: 'two_factor_required', message: 'The console opens once you turn on two-factor authentication' },
    });
    // A user is still told plainly that the console is not theirs.
    const user = await createUser(ctx);
    await enrolTwoFactor(ctx, user.headers);
    expect((await ctx.app.inject({ url: '/api/admin/tickets', headers: user.headers })).json().error.code).toBe(
      'forbidden',
    );

    await enrolTwoFactor(ctx, operator.headers);
    expect((await ctx.app.inject({ url: '/api/admin/tickets', headers: operator.headers })).statusCode).toBe(200);
  });
});
