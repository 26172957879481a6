import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isEmbedPath, type PublicReads } from '@obmen/shared';
import { sendError } from '../errors';
import { publicCache } from '../public-cache';
import { allowFraming } from '../security-headers';
import type { PageRenderer } from './renderer';

/**
 * Every page of the product, from one GET route: the web app's renderer draws its document
 * (entry-server.tsx). A public page is the same for every visitor: it takes the public reads'
 * ETag and short caching, and @fastify/compress compresses it as any answer; a page the browser
 * draws (a person's own) is never kept. An /api path or a file that is not there answers JSON 404.
 */
export async function pagesRoutes(
  app: FastifyInstance,
  {
    renderer,
    reads,
    publicUrl,
    frameAncestors,
  }: {
    renderer: PageRenderer;
    reads: PublicReads;
    publicUrl: string;
    /** The sites a partner's widget (/embed?partner=N) may be framed by (modules/partner-embed). */
    frameAncestors: (partner: string | null) => Promise<string[]>;
  },
) {
  await app.register(publicCache);
  app.get('/*', async (request, reply) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname.startsWith('/api/') || path.extname(url.pathname)) {
      return sendError(reply, request.lang, 404, 'not_found', 'error.notFound');
    }
    // The widget's pages may be framed by its partner's sites, and only theirs. The browser draws
    // them (personal, never kept): the policy is per request, no cache can hand it to another partner.
    if (isEmbedPath(url.pathname)) allowFraming(reply, await frameAncestors(url.searchParams.get('partner')));
    const page = await renderer.renderPage({ url, reads, publicUrl });
    if (page.personal || isEmbedPath(url.pathname)) reply.header('cache-control', 'no-store');
    return reply.status(page.status).type('text/html; charset=utf-8').send(page.html);
  });
}
