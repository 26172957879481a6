import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PublicReads } from '@obmen/shared';
import { sendError } from '../errors';
import { publicCache } from '../public-cache';
import type { PageRenderer } from './renderer';

/**
 * Every page of the product, from one GET route: the web app's renderer draws its document
 * (entry-server.tsx). A public page is the same for every visitor: it takes the public reads'
 * ETag and short caching, and @fastify/compress compresses it as any answer; a page the browser
 * draws (a person's own) is never kept. An /api path or a file that is not there answers JSON 404.
 */
export async function pagesRoutes(
  app: FastifyInstance,
  { renderer, reads, publicUrl }: { renderer: PageRenderer; reads: PublicReads; publicUrl: string },
) {
  await app.register(publicCache);
  app.get('/*', async (request, reply) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname.startsWith('/api/') || path.extname(url.pathname)) {
      return sendError(reply, request.lang, 404, 'not_found', 'error.notFound');
    }
    const page = await renderer.renderPage({ url, reads, publicUrl });
    if (page.personal) reply.header('cache-control', 'no-store');
    return reply.status(page.status).type('text/html; charset=utf-8').send(page.html);
  });
}
