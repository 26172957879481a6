import type { FastifyRequest, FastifyServerOptions } from 'fastify';

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
