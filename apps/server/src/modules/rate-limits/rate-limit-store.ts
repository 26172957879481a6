import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database';
import { ConfigError, redactUrl } from '../../config';
import { clearCount, hitCount, peekCounts, type WindowCount, type WindowCounts } from './rate-limits.repository';

/**
 * Fixed-window counters every server process shares (failed logins, sign-ups, resets): in
 * PostgreSQL by default, in Redis when REDIS_URL is set (cheaper per hit under a flood).
 */
export interface RateLimitStore {
  kind: 'postgres' | 'redis';
  /** Counts one more event for `key` and answers the count in the current window. */
  hit(key: string, windowSeconds: number): Promise<WindowCount>;
  /** The counts of several keys at once, in the order given (one round trip). */
  peek<const Keys extends readonly string[]>(keys: Keys, windowSeconds: number): Promise<WindowCounts<Keys>>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export function postgresRateLimits(db: Db): RateLimitStore {
  return {
    kind: 'postgres',
    hit: (key, windowSeconds) => hitCount(db, key, windowSeconds),
    peek: (keys, windowSeconds) => peekCounts(db, keys, windowSeconds),
    clear: (key) => clearCount(db, key),
    close: async () => {},
  };
}

// INCR and the window's expiry in one step, so a crash between them cannot leave a key that never expires.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('TTL', KEYS[1]) }`;

const windowCount = (count: number, ttl: number): WindowCount => ({
  count,
  retryAfterSeconds: Math.max(1, ttl),
});

/**
 * Counters in Redis. Should Redis stop answering, the counters fall back to PostgreSQL (shared
 * too) rather than either locking everyone out or letting a password guesser run free.
 */
export async function redisRateLimits(
  url: string,
  fallback: RateLimitStore,
  log: FastifyBaseLogger,
  /** Keeps installations that share one Redis apart: every process of one database shares it. */
  namespace: string,
): Promise<RateLimitStore> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    enableOfflineQueue: false,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`Cannot connect to REDIS_URL ${redactUrl(url)}: ${reason}`);
  }
  const prefixed = (key: string) => `obmen:${namespace}:rate:${key}`;
  const guarded = async <T>(work: () => Promise<T>, orElse: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      log.warn({ err }, 'Redis did not answer; counting in PostgreSQL');
      return orElse();
    }
  };
  return {
    kind: 'redis',
    hit: (key, windowSeconds) =>
      guarded(
        async () => {
          const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefixed(key), windowSeconds)) as [number, number];
          return windowCount(count, ttl);
        },
        () => fallback.hit(key, windowSeconds),
      ),
    peek: (keys, windowSeconds) =>
      guarded(
        async () => {
          const pipeline = redis.pipeline();
          for (const key of keys) pipeline.get(prefixed(key)).ttl(prefixed(key));
          const answers = (await pipeline.exec()) ?? [];
          const failed = answers.find(([error]) => error);
          if (failed || answers.length !== 2 * keys.length) throw failed?.[0] ?? new Error('Redis answered short');
          return keys.map((_key, i) =>
            windowCount(Number(answers[2 * i]?.[1] ?? 0), Number(answers[2 * i + 1]?.[1])),
          ) as WindowCounts<typeof keys>;
        },
        () => fallback.peek(keys, windowSeconds),
      ),
    clear: (key) =>
      guarded(
        async () => void (await redis.del(prefixed(key))),
        () => fallback.clear(key),
      ),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export async function createRateLimitStore(options: {
  db: Db;
  redisUrl: string | undefined;
  log: FastifyBaseLogger;
}): Promise<RateLimitStore> {
  const postgres = postgresRateLimits(options.db);
  if (!options.redisUrl) return postgres;
  const [row] = await queryRows<{ name: string }>(options.db, sql`select current_database() as name`);
  return redisRateLimits(options.redisUrl, postgres, options.log, row?.name ?? 'obmen');
}
