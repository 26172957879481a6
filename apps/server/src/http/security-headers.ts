import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once at start. @fastify/helmet runs helmet on every request, which
 * parses the CSP directives anew each time: a sixth of the server's time under load (issue 11,
 * measured with --cpu-prof). The headers never vary by request here (no nonces), so they are a
 * constant set added to every page.
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

/**
 * What a data answer (JSON, XML, an icon, a script) needs, after OWASP's REST security cheat sheet:
 * no sniffing, no framing, nothing runs if it is opened as a page, no cross-origin embedding.
 * The rest of helmet's set is about documents; eleven headers on every JSON answer cost a fifth of
 * a hot call's time (issue 11, measured against a bare Fastify with the same body).
 */
export function dataHeadersOf(documentHeaders: Record<string, string>): Record<string, string> {
  const kept = [
    'x-content-type-options',
    'cross-origin-resource-policy',
    'referrer-policy',
    'strict-transport-security',
  ];
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  };
  for (const name of kept) if (documentHeaders[name]) headers[name] = documentHeaders[name];
  return headers;
}

declare module 'fastify' {
  interface FastifyReply {
    /** The sites allowed to frame this page (`allowFraming`); null: nobody may. */
    frameAncestors: string[] | null;
  }
}

/**
 * Lets these origins frame the page being answered (the partner's widget, /embed, issue 47): its
 * CSP's `frame-ancestors` names them and `X-Frame-Options` goes (it knows no allow-list, and a
 * browser that reads it would refuse every frame). Every other answer keeps `frame-ancestors 'none'`
 * and its X-Frame-Options.
 */
export function allowFraming(reply: FastifyReply, origins: string[]): void {
  if (origins.length > 0) reply.frameAncestors = origins;
}

const FRAME_ANCESTORS = /frame-ancestors [^;]*/;

/** `documentHeaders`: securityHeadersOf(the app's helmet options), worked out once in app.ts. */
async function securityHeaders(app: FastifyInstance, options: { documentHeaders: Record<string, string> }) {
  const documentHeaders = Object.entries(options.documentHeaders);
  const dataHeaders = dataHeadersOf(options.documentHeaders);
  const documentPolicy = options.documentHeaders['content-security-policy'] ?? '';
  if (!FRAME_ANCESTORS.test(documentPolicy)) throw new Error('the documents’ CSP must name frame-ancestors');
  app.decorateReply('frameAncestors', null);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(dataHeaders);
    done();
  });
  // Pages get helmet's whole set; a page that set a policy of its own (the API docs) keeps it.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      for (const [name, value] of documentHeaders) {
        const set = reply.getHeader(name);
        if (set === undefined || set === dataHeaders[name]) reply.header(name, value);
      }
      if (reply.frameAncestors) {
        const framed = `frame-ancestors ${reply.frameAncestors.join(' ')}`;
        reply.header('content-security-policy', documentPolicy.replace(FRAME_ANCESTORS, framed));
        reply.removeHeader('x-frame-options');
      }
    }
    done(null, payload);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
