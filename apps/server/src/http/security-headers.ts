import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once at start. @fastify/helmet runs helmet on every request, which
 * parses the CSP directives anew each time: a sixth of the server's time under load (issue 11,
 * measured with --cpu-prof). The headers never vary by request here (no nonces), so they are a
 * constant set added to every reply.
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  let applied = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    applied = true;
  });
  if (!applied) throw new Error('helmet did not apply its headers synchronously');
  return headers;
}

async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
