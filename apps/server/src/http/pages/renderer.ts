import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { PublicReads } from '@obmen/shared';

/** A style as Vite's client injects it in `npm run dev`: its module's id and its CSS. */
export interface DevStyle {
  id: string;
  css: string;
}

/** What the web app's server entry (apps/web/src/entry-server.tsx) gives the server. */
export interface PageRenderer {
  renderPage(request: {
    url: URL;
    reads: PublicReads;
    publicUrl: string;
    /** `npm run dev` only: the styles of these source files and of what they import (vite-dev.ts). */
    devStyles?: (files: string[]) => Promise<DevStyle[]>;
  }): Promise<{ status: number; html: string; personal: boolean }>;
  /** The texts of the document's inline scripts: the CSP allows exactly these, by their hashes. */
  INLINE_SCRIPTS: string[];
}

/**
 * The renderer of pages. In production the web app's server build beside its files
 * (apps/web/dist-server); in development Vite's, which loads the web app's source on each page
 * (vite-dev.ts). Null without either (the API's own tests): pages then answer 404.
 */
export async function loadRenderer(
  app: FastifyInstance,
  { webDist, dev }: { webDist: string | null; dev: boolean },
): Promise<PageRenderer | null> {
  if (dev) return (await import('./vite-dev')).viteDevRenderer(app);
  if (!webDist) return null;
  const entry = path.join(webDist, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as PageRenderer;
}
