import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';

// Query parameters that carry a secret: /checktoken?token= (a session), the reset link's token.
const SECRET_PARAMETER = /([?&][^=&#]*token[^=&#]*=)[^&#]*/gi;

/** The URL as logged: the value of every `…token…` query parameter replaced, the rest untouched. */
export const redactTokens = (url: string): string => url.replace(SECRET_PARAMETER, '$1[redacted]');

/** Fastify's own request fields in the log, with the URL redacted: a token in a log is a token anyone with the logs holds. */
function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger options, with the request serializer above (a boolean stays as it is). */
export function withRedactedRequests(options: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (typeof options !== 'object' || options === null) return options;
  return { ...options, serializers: { ...options.serializers, req: loggedRequest } };
}

/**
 * Marks the calls a page drawn on the server makes to this server (web-app.ts): they are part of
 * the page's request, not requests of their own. The value is this process's secret, so no client
 * can hide its requests behind it.
 */
export const INTERNAL_CALL = { header: 'x-obmen-internal-call', value: randomUUID() } as const;

const FILE = /\/[^/?#]+\.[a-z0-9]+(?:[?#]|$)/i;

/**
 * One line per request at info, once it is answered (Fastify's own two lines are off): method, URL
 * (tokens redacted), status and time. Not for the build's files served well (a page load fetches
 * dozens), nor for the calls a page drawn on the server makes to this server: they belong to the
 * page's line. A route's own `logLevel` (health checks, the status poll) still holds.
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const internal = request.headers[INTERNAL_CALL.header] === INTERNAL_CALL.value;
    const file =
      reply.statusCode < 400 && (request.method === 'GET' || request.method === 'HEAD') && FILE.test(request.url);
    if (!internal && !file) {
      request.log.info(
        { req: request, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime) },
        'request',
      );
    }
    done();
  });
}
