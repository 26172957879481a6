import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passRateLimitWindows } from '../../../test/clock';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createUser, mailedRegisterCode, registerCode, TEST_PASSWORD } from '../../../test/users';
import { outbox, registerCodes, users } from '../../db/schema';

let ctx: TestContext;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq += 1)}`;
const freeEmail = () => `${unique('free')}@example.com`;

/** An e-mail that has an account, and that account's name. */
async function takenEmail() {
  const { username } = await createUser(ctx);
  return { username, email: `${username}@example.com` };
}

const askCode = (email: string, { lang = 'ru', ip = '10.20.0.1', test = ctx } = {}) =>
  test.app.inject({
    method: 'POST',
    url: '/register/code',
    remoteAddress: ip,
    headers: { 'accept-language': lang },
    payload: { email },
  });

const signUp = (fields: { email: string; emailCode: string; username?: string }, lang = 'ru') =>
  ctx.app.inject({
    method: 'POST',
    url: '/register',
    headers: { 'accept-language': lang },
    payload: {
      username: fields.username ?? unique('new'),
      email: fields.email,
      emailCode: fields.emailCode,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      agree: true,
    },
  });

const mailsTo = (email: string) =>
  ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, email)).orderBy(outbox.createdAt);

/** Any code but this one. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const codeRefusal = (message: string) => ({ parameterErrors: [{ name: 'emailCode', messages: [message] }] });

describe('POST /register/code', () => {
  it('answers a taken and a free e-mail alike, as a form or JSON; the free one gets a code, the owner a note', async () => {
    const taken = await takenEmail();
    const free = freeEmail();
    const answers = [
      await askCode(taken.email, { lang: 'en' }),
      await askCode(free, { lang: 'en' }),
      await ctx.app.inject({
        method: 'POST',
        url: '/register/code',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: taken.email.toUpperCase() }).toString(),
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('{"sent":true}');
    }

    const [code, ...more] = await mailsTo(free);
    expect(more).toEqual([]);
    expect(code).toMatchObject({ kind: 'register_code', lang: 'en' });
    expect(code!.text).toMatch(/Your code to sign up at Obmen: \d{6}\n/);
    expect(code!.text).toContain('It works once, for 15 min.');

    // The code its owner signed up with, then a note for each ask since.
    const [, ...notes] = await mailsTo(taken.email);
    expect(notes.map((mail) => mail.kind)).toEqual(['register_attempt', 'register_attempt']);
    // The owner's own language (ru), with the way back in, and no code that would open anything.
    expect(notes[0]!.text).toContain('Кто-то пытался зарегистрироваться в Obmen с вашим e-mail');
    expect(notes[0]!.text).toContain('http://localhost:8080/ru/login');
    expect(notes[0]!.text).toContain('http://localhost:8080/ru/reset');
    expect(notes[0]!.text).not.toMatch(/\b\d{6}\b/);
    expect(await ctx.database.db.select().from(registerCodes).where(eq(registerCodes.email, taken.email))).toEqual([]);
  });

  it('refuses a malformed e-mail in the language of the request', async () => {
    const res = await askCode('not-an-email', { lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ parameterErrors: [{ name: 'email', messages: ['Invalid email format'] }] });
  });

  it('keeps only a hash of the code, for 15 minutes', async () => {
    const email = freeEmail();
    const code = await registerCode(ctx, email);
    const [row] = await ctx.database.db.select().from(registerCodes).where(eq(registerCodes.email, email));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[\w-]{43}$/);
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(15, 1);
  });

  it('mails at most 5 codes an hour to one e-mail and 20 to one address, taken or free alike (429)', async () => {
    // The limits as shipped (an empty override takes every default).
    const limited = await createTestApp({ database: ctx.database, limits: { accounts: {} } });
    try {
      const taken = await takenEmail();
      // An account made over an hour ago: its owner's own asks for a code are out of the window.
      await passRateLimitWindows(ctx.database.db, 3600);
      const free = freeEmail();
      for (const email of [taken.email, free]) {
        for (let i = 0; i < 5; i += 1) {
          expect((await askCode(email, { ip: `10.21.${seq}.${i}`, test: limited })).statusCode).toBe(200);
        }
        const refused = await askCode(email, { ip: '10.21.9.9', test: limited });
        expect(refused.statusCode).toBe(429);
        expect(refused.json().error.code).toBe('too_many_attempts');
      }
      const fromOne = () => askCode(freeEmail(), { ip: '10.22.0.1', test: limited });
      for (let i = 0; i < 20; i += 1) expect((await fromOne()).statusCode).toBe(200);
      expect((await fromOne()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /register with the mailed code', () => {
  it('answers a taken and a free e-mail alike without the right code, in Russian and English', async () => {
    const taken = await takenEmail();
    const free = freeEmail();
    await askCode(free);
    const code = (await mailedRegisterCode(ctx, free))!;
    for (const [lang, message] of [
      ['ru', 'Код из письма неверный или устарел. Запросите новый'],
      ['en', 'The code from the e-mail is wrong or has expired. Ask for a new one'],
    ] as const) {
      const answers = [
        await signUp({ email: taken.email, emailCode: '123456' }, lang),
        await signUp({ email: taken.email, emailCode: '123456', username: taken.username }, lang),
        await signUp({ email: free, emailCode: wrongCode(code) }, lang),
        await signUp({ email: freeEmail(), emailCode: '123456' }, lang),
      ];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toEqual(codeRefusal(message));
      }
    }
  });

  it('makes the account with the right code, once; the code is no good after', async () => {
    const email = freeEmail();
    const emailCode = await registerCode(ctx, email);
    const made = await signUp({ email, emailCode }, 'en');
    expect(made.statusCode).toBe(200);
    expect(made.json().user).toMatchObject({ email, lang: 'en', access_token: expect.any(String) });
    const again = await signUp({ email, emailCode });
    expect(again.json()).toEqual(codeRefusal('Код из письма неверный или устарел. Запросите новый'));
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('says a taken username, and keeps the code for the next try', async () => {
    const taken = await takenEmail();
    const email = freeEmail();
    const emailCode = await registerCode(ctx, email);
    const clash = await signUp({ email, emailCode, username: taken.username.toUpperCase() });
    expect(clash.json()).toEqual({
      parameterErrors: [{ name: 'username', messages: ['Это имя пользователя уже занято'] }],
    });
    expect((await signUp({ email, emailCode })).statusCode).toBe(200);
  });

  it('says a taken e-mail only to whoever has its code (an account made since the code was mailed)', async () => {
    const email = freeEmail();
    const emailCode = await registerCode(ctx, email);
    await ctx.database.db.insert(users).values({ username: unique('meanwhile'), email, passwordHash: 'x' });
    const res = await signUp({ email: email.toUpperCase(), emailCode });
    expect(res.json()).toEqual({ parameterErrors: [{ name: 'email', messages: ['Этот e-mail уже зарегистрирован'] }] });
  });

  it('burns the code after 5 wrong tries, even with the right one next; a new code works', async () => {
    const email = freeEmail();
    const code = await registerCode(ctx, email);
    const wrongs = await Promise.all(Array.from({ length: 8 }, () => signUp({ email, emailCode: wrongCode(code) })));
    expect(wrongs.map((res) => res.statusCode)).toEqual(Array(8).fill(400));
    const [row] = await ctx.database.db.select().from(registerCodes).where(eq(registerCodes.email, email));
    expect(row!.wrongTries).toBe(5);
    expect((await signUp({ email, emailCode: code })).statusCode).toBe(400);
    expect((await signUp({ email, emailCode: await registerCode(ctx, email) })).statusCode).toBe(200);
  });

  it('refuses a code past its 15 minutes', async () => {
    const email = freeEmail();
    const emailCode = await registerCode(ctx, email);
    await ctx.database.db
      .update(registerCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registerCodes.email, email));
    expect((await signUp({ email, emailCode })).statusCode).toBe(400);
    // The next code asked for by anyone takes the expired row, and its e-mail, away.
    await registerCode(ctx, freeEmail());
    expect(await ctx.database.db.select().from(registerCodes).where(eq(registerCodes.email, email))).toEqual([]);
  });
});
