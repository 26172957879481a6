import { createHash } from 'node:crypto';
import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How long a browser or the proxy may keep a public read: five seconds fresh, then thirty more in
 * which it may show the kept answer while it asks again with its ETag (a 304 costs no body). An
 * operator's change shows within seconds; a burst of visitors on the same pair costs one answer.
 * Nothing here decides money: a quote and a ticket check the range, status and reserve again.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';

export interface PublicCacheOptions {
  /** The answers are worded in the request's language (Accept-Language, when no `?lang=`). */
  byLanguage?: boolean;
  /** Another Cache-Control for the whole scope (the rates export's `no-cache`). */
  cacheControl?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Answered in a publicCache scope: `personalByDefault` leaves its 200 to it. */
    publicRead: boolean;
  }
}

// A kept answer (rates.xml's document) is the same Buffer until it is rebuilt: hashed once, not on
// every request. A JSON answer comes from the serializer as a new string each time and is hashed.
const tagsOfKept = new WeakMap<Buffer, string>();
const digest = (payload: string | Buffer) => createHash('sha1').update(payload).digest('base64url');
function hashOf(payload: string | Buffer): string {
  if (typeof payload === 'string') return digest(payload);
  let tag = tagsOfKept.get(payload);
  if (tag === undefined) tagsOfKept.set(payload, (tag = digest(payload)));
  return tag;
}

/**
 * Public reads, alike for every visitor: an ETag on each answer (@fastify/etag), 304 to a matching
 * If-None-Match, and on a 200 the Cache-Control above (or the scope's `cacheControl`) unless the
 * handler set its own (a personal page answered in the same scope sets `no-store`). Register it
 * inside the scope of the routes it is for, never beside personal calls:
 *
 *   await app.register(async (reads) => {
 *     await reads.register(publicCache, { byLanguage: true });
 *     reads.get('/a/public/read', handler);
 *   });
 */
export const publicCache = fp(
  async (app: FastifyInstance, { byLanguage = false, cacheControl = PUBLIC_CACHE_CONTROL }: PublicCacheOptions) => {
    // A field of the request (decorated by personalByDefault), not a WeakSet: a weak entry per
    // request was ~3 % of a small read's time, most of it the collector's.
    app.addHook('onRequest', (request, _reply, done) => {
      request.publicRead = true;
      done();
    });
    // A 304 names what its 200 varies on, and @fastify/compress names the encoding only when it
    // compresses: named here for every answer, beside the language when the answer is worded in it.
    const varies = byLanguage ? ['accept-language', 'accept-encoding'] : ['accept-encoding'];
    const vary = varies.join(', ');
    // Before the ETag's hook, which turns a match into a 304: that carries these headers too.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (reply.statusCode === 200 && !reply.hasHeader('cache-control')) {
        const named = reply.getHeader('vary');
        const merged = named ? [...new Set([...String(named).split(/\s*,\s*/), ...varies])].join(', ') : vary;
        reply.header('cache-control', cacheControl).header('vary', merged);
      }
      done(null, payload);
    });
    // Weak: the same tag goes with the brotli, gzip and plain forms of an answer.
    await app.register(etag, { hashFn: hashOf, weak: true });
  },
  { name: 'public-cache' },
);

/**
 * Every other answer is someone's own until its handler says otherwise (user info, tickets, lists,
 * referral, promo, the console): `Cache-Control: no-store`, so no browser or proxy keeps it. Set
 * once for the whole app, before any route, so a new personal route cannot be left cacheable.
 * Files that set their header on the raw response (the web app's assets) keep it.
 */
export const personalByDefault = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('publicRead', false);
    app.addHook('onSend', (request, reply, payload, done) => {
      const own = reply.hasHeader('cache-control') || reply.raw.hasHeader('cache-control');
      if (!own && !(request.publicRead && reply.statusCode === 200)) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'personal-by-default' },
);
