import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { registerCode } from '../../../test/users';
import { passwordResets, users } from '../../db/schema';
import { hashToken, newToken } from './tokens';

const PASSWORD = 'Tr0ub4dor&Zebra';
let ctx: TestContext;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq += 1)}`;

async function register(fields: { username?: string; email?: string; password?: string } = {}, lang = 'ru') {
  const username = fields.username ?? unique('pw');
  const email = fields.email ?? `${username}@example.com`;
  const body = {
    username,
    email,
    emailCode: await registerCode(ctx, email),
    password: fields.password ?? PASSWORD,
    confirmPassword: fields.password ?? PASSWORD,
    agree: true,
  };
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/register',
    headers: { 'accept-language': lang },
    payload: body,
  });
  return { res, ...body, token: res.statusCode === 200 ? (res.json().user.access_token as string) : '' };
}

const login = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/token', payload: { username, password } });

const changePassword = (token: string, oldPassword: string, newPassword: string, lang = 'ru') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/User/change-password',
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
    payload: { oldPassword, newPassword },
  });

/** A reset link's token for the user, as the mail would carry it. */
async function resetToken(email: string): Promise<string> {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  const token = newToken();
  await ctx.database.db
    .insert(passwordResets)
    .values({ tokenHash: hashToken(token), userId: user!.id, expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

const reset = (Email: string, Token: string, Password: string, lang = 'ru') =>
  ctx.app.inject({
    method: 'POST',
    url: '/reset_password',
    headers: { 'accept-language': lang },
    payload: { Email, Token, Password },
  });

const messageOf = (res: { json(): { parameterErrors: { name: string; messages: string[] }[] } }, name: string) =>
  res.json().parameterErrors.find((error) => error.name === name)?.messages[0];

describe('new passwords (issue 33)', () => {
  it.each([
    ['Aaaaaaaa!', 'Такой пароль легко подобрать: сделайте его длиннее или добавьте неочевидные слова'],
    ['Admin123!', 'Такой пароль легко подобрать: сделайте его длиннее или добавьте неочевидные слова'],
    ['P@ssword1', 'Такой пароль легко подобрать: сделайте его длиннее или добавьте неочевидные слова'],
    ['Iloveyou!1', 'Этот пароль слишком распространён, выберите другой'],
    // The site's own name and Russian words, in Cyrillic, transliterated or typed in the other layout (issue 42).
    ['Obmen2026!', 'Такой пароль легко подобрать: сделайте его длиннее или добавьте неочевидные слова'],
    ['Пароль!Aa1', 'Такой пароль легко подобрать: сделайте его длиннее или добавьте неочевидные слова'],
    ['Parol!Aa12', 'Такой пароль легко подобрать: сделайте его длиннее или добавьте неочевидные слова'],
    ['J,vty2026!', 'Такой пароль легко подобрать: сделайте его длиннее или добавьте неочевидные слова'],
    ['Lyubov!Aa1', 'Такой пароль легко подобрать: сделайте его длиннее или добавьте неочевидные слова'],
  ])('refuses %s everywhere a password is set, saying why in the user’s language', async (password, message) => {
    const refused = await register({ password });
    expect(refused.res.statusCode).toBe(400);
    expect(messageOf(refused.res, 'password')).toBe(message);

    const { token, email } = await register();
    const change = await changePassword(token, PASSWORD, password);
    expect(change.statusCode).toBe(400);
    expect(messageOf(change, 'newPassword')).toBe(message);
    const viaReset = await reset(email, await resetToken(email), password);
    expect(viaReset.statusCode).toBe(400);
    expect(messageOf(viaReset, 'Password')).toBe(message);
  });

  it('says it in English on an English request', async () => {
    expect(messageOf((await register({ password: 'Aaaaaaaa!' }, 'en')).res, 'password')).toBe(
      'This password is easy to guess: make it longer or add words that are hard to guess',
    );
    const { token } = await register();
    expect(messageOf(await changePassword(token, PASSWORD, 'P@ssword1', 'en'), 'newPassword')).toBe(
      'This password is easy to guess: make it longer or add words that are hard to guess',
    );
  });

  it('refuses a password that is or contains the username or the e-mail', async () => {
    const username = unique('Quokka');
    const email = `${unique('wombat')}@example.com`;
    const personal = 'The password must not contain your username or e-mail';
    for (const password of [
      `${username}!A`,
      `Zz!${username.toUpperCase()}`,
      `X!${email}`,
      `${email.split('@')[0]}#Q`,
    ]) {
      const { res } = await register({ username, email, password }, 'en');
      expect(res.statusCode, password).toBe(400);
      expect(messageOf(res, 'password')).toBe(personal);
    }
    // Change and reset know the owner's names though the form does not send them.
    const owner = await register();
    const change = await changePassword(owner.token, PASSWORD, `Kx9#${owner.username}`);
    expect(messageOf(change, 'newPassword')).toBe('Пароль не должен содержать имя пользователя или e-mail');
    const viaReset = await reset(owner.email, await resetToken(owner.email), `Kx9#${owner.username}`);
    expect(messageOf(viaReset, 'Password')).toBe('Пароль не должен содержать имя пользователя или e-mail');
  });

  it('counts a word of the e-mail as guessable, not only the whole of it (issue 42)', async () => {
    const email = `${unique('zorbulk.')}@example.com`;
    const { res } = await register({ email, password: 'Zorbulk!2026' }, 'en');
    expect(messageOf(res, 'password')).toBe(
      'This password is easy to guess: make it longer or add words that are hard to guess',
    );
    expect((await register({ password: 'Zorbulk!2026' })).res.statusCode).toBe(200);
  });

  it('takes a passphrase of up to 128 characters, not 129', async () => {
    const phrase = 'Correct-Horse-Battery-Staple-'.repeat(5).slice(0, 127);
    const long = await register({ password: `${phrase}!` });
    expect(long.res.statusCode, long.res.body).toBe(200);
    expect((await login(long.username, `${phrase}!`)).statusCode).toBe(200);
    const tooLong = await register({ password: `${phrase}!x` });
    expect(messageOf(tooLong.res, 'password')).toBe('Максимум 128 символов');
  });

  it('does not tell through a reset whether an e-mail is registered', async () => {
    const { email } = await register();
    const known = await reset(email, newToken(), 'Aaaaaaaa!');
    const unknown = await reset(`${unique('nobody')}@example.com`, newToken(), 'Aaaaaaaa!');
    expect(known.json()).toEqual(unknown.json());
    expect(messageOf(known, 'Token')).toBe('Ссылка для сброса пароля недействительна или устарела');
  });
});

describe('what a new password ends (issue 33)', () => {
  const NEW_PASSWORD = 'Lantern-Quiet-Harbor-58';

  it('a completed reset ends every other reset link and every session', async () => {
    const { email, username, token: session } = await register();
    const [first, second, third] = [await resetToken(email), await resetToken(email), await resetToken(email)];
    expect((await reset(email, second!, NEW_PASSWORD)).statusCode).toBe(200);
    for (const other of [first!, third!]) {
      const refused = await reset(email, other, 'Other-Harbor-Lantern-59');
      expect(messageOf(refused, 'Token')).toBe('Ссылка для сброса пароля недействительна или устарела');
    }
    expect((await ctx.app.inject({ url: `/checktoken?token=${session}` })).statusCode).toBe(401);
    expect((await login(username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a password change ends every reset link and the other sessions, not the caller’s', async () => {
    const { email, username, token } = await register();
    const other = (await login(username, PASSWORD)).json().user.access_token as string;
    const link = await resetToken(email);
    const changed = await changePassword(token, PASSWORD, NEW_PASSWORD);
    expect(changed.statusCode).toBe(200);
    const kept = changed.json().user.access_token as string;
    expect((await ctx.app.inject({ url: `/checktoken?token=${kept}` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/checktoken?token=${other}` })).statusCode).toBe(401);
    expect(messageOf(await reset(email, link, 'Other-Harbor-Lantern-59'), 'Token')).toBe(
      'Ссылка для сброса пароля недействительна или устарела',
    );
  });
});
