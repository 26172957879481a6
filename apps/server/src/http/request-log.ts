import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';

const decoded = (part: string): string => {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
};

// A visitor ticket's id is the key to it: logs keep enough to find the ticket, not to open it.
const shortId = (id: string) => `${id.slice(0, 8)}…`;
const TICKET_ID = /^[\w-]{16,}$/;
// Where a path carries a ticket id: /ru/ticket/<id>, /api/v1/Tickets/<id>[/…], …/Tickets/cancel/<id>, /api/admin/tickets/<id>.
const beforeTicketId = (segments: string[], i: number): boolean => {
  const previous = segments[i - 1]?.toLowerCase();
  if (previous === 'ticket' || previous === 'tickets') return true;
  return (previous === 'confirm' || previous === 'cancel') && segments[i - 2]?.toLowerCase() === 'tickets';
};

/**
 * The URL as logged, read as the server reads it (percent-decoded): the value of every `…token…`
 * query parameter replaced, ticket ids in the path and in `ticketId=` cut short, the rest untouched.
 */
export function redactTokens(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const raw = path.split('/');
  const segments = raw.map(decoded);
  const loggedPath = raw
    .map((segment, i) =>
      beforeTicketId(segments, i) && TICKET_ID.test(segments[i]!) ? shortId(segments[i]!) : segment,
    )
    .join('/');
  if (queryAt < 0) return loggedPath;
  const hashAt = url.indexOf('#', queryAt);
  const query = url.slice(queryAt + 1, hashAt < 0 ? undefined : hashAt);
  const loggedQuery = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const key = decoded(pair.slice(0, equals)).toLowerCase();
      if (key.includes('token')) return `${pair.slice(0, equals)}=[redacted]`;
      if (key === 'ticketid') return `${pair.slice(0, equals)}=${shortId(decoded(pair.slice(equals + 1)))}`;
      return pair;
    })
    .join('&');
  return `${loggedPath}?${loggedQuery}${hashAt < 0 ? '' : url.slice(hashAt)}`;
}

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

const FILE = /\/[^/?#]+\.[a-z0-9]+(?:[?#]|$)/i;

/**
 * One line per request at info, once it is answered (Fastify's own two lines are off): method, URL
 * (tokens redacted), status and time. Not for the build's files served well (a page load fetches
 * dozens). A route's own `logLevel` (health checks, the status poll) still holds.
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const file =
      reply.statusCode < 400 && (request.method === 'GET' || request.method === 'HEAD') && FILE.test(request.url);
    if (!file) {
      request.log.info(
        { req: request, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime) },
        'request',
      );
    }
    done();
  });
}
