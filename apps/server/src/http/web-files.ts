import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

// Vite puts content-hashed files under /assets: they never change, so browsers may keep them a year.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app's files: hashed assets for a year, the rest for an hour, brotli or gzip
 * as built (the pages themselves come from pages/pages.routes.ts).
 */
export const webFiles = fp(async (app: FastifyInstance, { webDist }: { webDist: string }) => {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Cache-Control is ours to set (below): hashed assets for a year, the rest for an hour.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const relative = path.relative(webDist, filePath);
      res.setHeader('cache-control', relative.startsWith('assets') ? IMMUTABLE : 'public, max-age=3600');
      // The build's .br/.gz files are chosen by Accept-Encoding: a shared cache must know.
      res.setHeader('vary', 'accept-encoding');
    },
  });
});

/** Where the built web app is: WEB_DIST, else apps/web/dist beside this package. */
export function findWebDist(configured: string | undefined): string | null {
  if (configured) return path.resolve(configured);
  const here = path.dirname(new URL(import.meta.url).pathname);
  for (let dir = here, i = 0; i < 5; i += 1, dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (existsSync(path.join(candidate, '.vite', 'manifest.json'))) return candidate;
    const sibling = path.join(dir, 'web', 'dist');
    if (existsSync(path.join(sibling, '.vite', 'manifest.json'))) return sibling;
  }
  return null;
}
