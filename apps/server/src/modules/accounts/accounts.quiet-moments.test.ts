import { count } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import type { Database } from '../../db/database';
import { sessions as sessionsTable } from '../../db/schema';
import { createMailer } from '../mail/mailer';
import { createRateLimitStore, type RateLimitStore } from '../rate-limits/rate-limit-store';
import { createAccountsService } from './accounts.service';

// Logins and sign-ups take their database steps at the express lane's quiet moments (app.ts passes
// them in; http/quiet-moments.ts): here a gate the test opens by hand stands for the lane.
let database: Database;
let rateLimits: RateLimitStore;
const log = Fastify({ logger: false }).log;

beforeAll(async () => {
  database = await createTestDatabase();
  rateLimits = await createRateLimitStore({ db: database.db, redisUrl: undefined, log });
});
afterAll(async () => {
  await rateLimits.close();
  await database.close();
});

function gatedAccounts() {
  const waiting: (() => void)[] = [];
  const accounts = createAccountsService({
    db: database.db,
    rateLimits,
    mailer: createMailer({ database, smtpUrl: undefined, from: 'robot@obmen.test', log }),
    publicUrl: 'http://obmen.test',
    quietMoment: () => new Promise<void>((go) => waiting.push(go)),
  });
  /** Lets the first waiter go, once there is one. */
  const openOnce = async () => {
    await expect.poll(() => waiting.length).toBeGreaterThan(0);
    waiting.shift()!();
  };
  return { accounts, openOnce, waiting };
}

const sessions = async () => (await database.db.select({ n: count() }).from(sessionsTable))[0]!.n;

describe('accounts at the lane’s quiet moments', () => {
  it('signs up and logs in only as the gate lets them, and opens no session before it', async () => {
    const { accounts, openOnce, waiting } = gatedAccounts();
    const password = 'Quiet-Moment-Pass-1!';
    const signingUp = accounts.register(
      { username: 'quiet', email: 'quiet@obmen.test', password, confirmPassword: password, agree: true },
      'en',
    );
    const before = await sessions();
    await openOnce(); // its checks
    await openOnce(); // its insert
    expect((await signingUp).username).toBe('quiet');
    expect(await sessions()).toBe(before + 1);

    let loggedIn = false;
    const loggingIn = accounts.login({ username: 'quiet', password }, '10.0.0.9').then((user) => {
      loggedIn = true;
      return user;
    });
    await openOnce(); // its look-up and the hash
    await expect.poll(() => waiting.length).toBe(1); // waits again before opening its session
    expect(loggedIn).toBe(false);
    expect(await sessions()).toBe(before + 1);
    await openOnce();
    expect((await loggingIn).access_token).toMatch(/\S{20,}/);
    expect(await sessions()).toBe(before + 2);
  });
});
