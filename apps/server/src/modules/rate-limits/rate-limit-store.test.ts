import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { passRateLimitWindows } from '../../../test/clock';
import { createTestDatabase } from '../../../test/test-database';
import { postgresRateLimits, redisRateLimits, type RateLimitStore } from './rate-limit-store';

// CI sets it when the machine's Redis answers; a developer without Redis runs the PostgreSQL half.
const REDIS_URL = process.env.TEST_REDIS_URL;
const log = pino({ level: 'silent' });

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const namespace = `test-${randomUUID()}`;

/** Opens a store, and lets `seconds` pass for a key's window as that store keeps time. */
type StoreUnderTest = [string, () => Promise<RateLimitStore>, (key: string, seconds: number) => Promise<void>];

const stores: StoreUnderTest[] = [
  [
    'PostgreSQL',
    async () => postgresRateLimits(database.db),
    (_key, seconds) => passRateLimitWindows(database.db, seconds),
  ],
  ...(REDIS_URL
    ? [
        [
          'Redis',
          () => redisRateLimits(REDIS_URL, postgresRateLimits(database.db), log, namespace),
          // Redis ends a window by the key's expiry: it must be set within the window, then it comes due.
          async (key, seconds) => {
            const redis = new Redis(REDIS_URL);
            const stored = `obmen:${namespace}:rate:${key}`;
            try {
              const left = await redis.pttl(stored);
              expect(left).toBeGreaterThan(0);
              expect(left).toBeLessThanOrEqual(seconds * 1000);
              await redis.pexpire(stored, 0);
            } finally {
              redis.disconnect();
            }
          },
        ] satisfies StoreUnderTest,
      ]
    : []),
];

describe.each(stores)('rate-limit counters in %s', (_name, open, passWindow) => {
  let store: RateLimitStore;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(() => store.close());

  it('count hits in a window, exactly, under concurrency', async () => {
    const key = `k:${randomUUID()}`;
    expect((await store.peek([key], 60))[0].count).toBe(0);
    const counts = await Promise.all(Array.from({ length: 25 }, () => store.hit(key, 60)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(await store.peek([], 60)).toEqual([]);
    const [peeked, other] = await store.peek([key, `other:${key}`], 60);
    expect(other.count).toBe(0);
    expect(peeked.count).toBe(25);
    expect(peeked.retryAfterSeconds).toBeGreaterThan(50);
    expect(peeked.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('start again when the window passes or the key is cleared', async () => {
    const key = `k:${randomUUID()}`;
    await store.hit(key, 2);
    expect((await store.hit(key, 2)).count).toBe(2);
    await passWindow(key, 2);
    expect((await store.hit(key, 2)).count).toBe(1);
    await store.clear(key);
    expect((await store.peek([key], 1))[0].count).toBe(0);
  });
});

describe.runIf(REDIS_URL)('Redis counters when Redis goes away', () => {
  it('fall back to PostgreSQL instead of failing the request', async () => {
    const store = await redisRateLimits(REDIS_URL!, postgresRateLimits(database.db), log, `test-${randomUUID()}`);
    await store.close();
    const key = `k:${randomUUID()}`;
    expect((await store.hit(key, 60)).count).toBe(1);
    expect((await postgresRateLimits(database.db).peek([key], 60))[0].count).toBe(1);
  });

  it('refuse to start on an unreachable REDIS_URL with one clear line', async () => {
    await expect(redisRateLimits('redis://127.0.0.1:1', postgresRateLimits(database.db), log, 'x')).rejects.toThrow(
      /^Cannot connect to REDIS_URL redis:\/\/127\.0\.0\.1:1/,
    );
  });
});
