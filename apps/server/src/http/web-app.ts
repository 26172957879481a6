import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { injectMeta, type MetaFor } from '../modules/seo/page-meta';
import type { Lang } from '@obmen/shared/i18n';
import { matchPageRoute, PAGE_MODULES, USER_AREA_PAGES, type PageRouteName } from '@obmen/shared/routing';
import { chosenEncoding, COMPRESS_FROM, compressed } from './compression';
import { sendError } from './errors';
import { publicCache } from './public-cache';
import { INTERNAL_CALL } from './request-log';

// Vite puts content-hashed files under /assets: they never change, so browsers may keep them a year.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The part of an answer the web app reads (apps/web/src/lib/api-client.ts, `Answer`). */
interface Answer {
  status: number;
  ok: boolean;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

/** What the web app's server build (apps/web/src/entry-server.tsx) gives the server. */
interface PageRenderer {
  prepareRendering(transport: (url: string, init: RequestInit) => Promise<Answer>): Promise<void>;
  renderPage(url: URL): Promise<{ status: number; html: string; stateScript: string } | null>;
}

/**
 * Serves the built web app: its files, and for every page path index.html with the page drawn in
 * it by React when it is a public page (issue 32), else for the browser to draw. A path that is
 * no page of the product gets the not-found page, with status 404; an unknown /api path answers JSON.
 */
export const webApp = fp(
  async (
    app: FastifyInstance,
    {
      webDist,
      themeScript,
      metaFor,
    }: {
      webDist: string | null;
      themeScript: ThemeScript | null;
      metaFor: MetaFor;
    },
  ) => {
    const indexFile = webDist ? path.join(webDist, 'index.html') : null;
    const builtHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
    const indexHtml = builtHtml && themeScript ? withInlineThemeScript(builtHtml, themeScript) : builtHtml;
    const pageFiles = webDist ? pageFilesOf(webDist) : null;
    const renderer = webDist && indexHtml ? await loadRenderer(webDist, app) : null;

    if (webDist && indexHtml) {
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
    }

    // A page drawn on the server is the same for every visitor: an ETag, and caches may keep it a
    // moment (public-cache.ts); a page the browser draws says no-store itself.
    await app.register(async (pages) => {
      await pages.register(publicCache);
      pages.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
        const [pathname = '/', search = ''] = request.url.split('?');
        const isPage =
          (request.method === 'GET' || request.method === 'HEAD') &&
          !pathname.startsWith('/api/') &&
          !path.extname(pathname);
        if (!isPage || !indexHtml) return sendError(reply, request.lang, 404, 'not_found', 'error.notFound');
        const meta = await metaFor(pathname, new URLSearchParams(search));
        const page = meta.notFound ? null : (matchPageRoute(pathname)?.name ?? null);
        const files = pageFiles?.(meta.lang, page) ?? { scripts: [], styles: [] };
        const drawn = await drawPage(request, renderer);
        let html = injectMeta(withPageFiles(indexHtml, files), meta);
        if (drawn) {
          html = html
            .replace(ROOT, () => `<div id="root">${drawn.html}</div>`)
            .replace('</body>', () => `${drawn.stateScript}</body>`);
        }
        reply.status(meta.notFound || drawn?.status === 404 ? 404 : 200).type('text/html; charset=utf-8');
        // A page the browser draws may be a person's own (a ticket, the user area): never kept.
        if (!drawn) reply.header('cache-control', 'no-store');
        return reply.send(pageBytes(request, reply, html));
      });
    });
  },
);

const ROOT = '<div id="root"></div>';

/**
 * The web app's server build beside its files (apps/web/dist-server), ready to draw: its calls go
 * through this server's own routes and hooks (`inject`), the one pipeline every request takes.
 * Null without it (the API's tests, a build without it): every page is then drawn in the browser.
 */
async function loadRenderer(webDist: string, app: FastifyInstance): Promise<PageRenderer | null> {
  const entry = path.join(webDist, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(entry)) return null;
  const renderer = (await import(pathToFileURL(entry).href)) as PageRenderer;
  await renderer.prepareRendering(async (url, init) => {
    // A form body's type is what fetch would have said for it.
    const form = init.body instanceof URLSearchParams;
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: {
        ...(init.headers as Record<string, string>),
        ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
        [INTERNAL_CALL.header]: INTERNAL_CALL.value,
      },
      ...(init.body !== undefined && init.body !== null && { payload: String(init.body) }),
    });
    // The part of a fetch Response the app reads (api-client's `Answer`): a page makes a dozen
    // calls, and a whole Response (headers, a body stream) for each was ~4% of a page's time.
    const status = res.statusCode;
    return {
      status,
      ok: status >= 200 && status < 300,
      text: async () => res.payload,
      json: async () => JSON.parse(res.payload) as unknown,
    };
  });
  return renderer;
}

/** The page drawn by React, or null for the browser to draw (a failed render included: logged). */
async function drawPage(request: FastifyRequest, renderer: PageRenderer | null) {
  if (!renderer) return null;
  try {
    return await renderer.renderPage(new URL(request.url, 'http://localhost'));
  } catch (error) {
    request.log.error({ err: error }, 'the page could not be drawn on the server');
    return null;
  }
}

/**
 * A page's HTML as the browser takes it. @fastify/compress hooks routes only, and pages are the
 * not-found handler's: they went out whole (10–14 KB; brotli makes ~4 KB of them, the difference
 * between one round trip and two on a slow phone connection's first window).
 */
function pageBytes(request: FastifyRequest, reply: FastifyReply, html: string): Buffer {
  const body = Buffer.from(html);
  if (body.length < COMPRESS_FROM) return body;
  reply.header('vary', 'accept-encoding');
  const encoding = chosenEncoding(request.headers['accept-encoding']);
  if (!encoding) return body;
  reply.header('content-encoding', encoding);
  return compressed(body, encoding);
}

type Manifest = Record<
  string,
  { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; assets?: string[] }
>;

/** What a page's head names beyond the entry's own files: scripts to fetch now, styles to apply. */
export interface PageFiles {
  scripts: string[];
  styles: string[];
}

/**
 * What a page needs before its first render, from Vite's manifest: the page language's catalog
 * and the page's own module (PAGE_MODULES) with what it imports, and the user area's layout. Named
 * in the head, they download beside the entry instead of one round trip after another as each
 * module runs (issue 11). What a page imports on demand (a picker's dialog) is left out: it would
 * share the phone's few connections with what the first render needs.
 */
export function pageFilesOf(webDist: string): ((lang: Lang, page: PageRouteName | null) => PageFiles) | null {
  const file = path.join(webDist, '.vite/manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const closure = (keys: string[], seen = new Set<string>()): string[] =>
    keys.flatMap((key) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return [];
      seen.add(key);
      return [key, ...closure(chunk.imports ?? [], seen)];
    });
  // The entry and what it imports are in index.html already.
  const inPage = new Set(closure(['index.html']));
  const filesOf = (keys: string[]): PageFiles => {
    const chunks = keys.filter((key) => !inPage.has(key)).map((key) => manifest[key]!);
    return {
      scripts: chunks.map((chunk) => chunk.file),
      styles: chunks.flatMap((chunk) => chunk.css ?? []),
    };
  };
  const cache = new Map<string, PageFiles>();
  return (lang, page) => {
    const cacheKey = `${lang} ${page}`;
    let files = cache.get(cacheKey);
    if (!files) {
      const seen = new Set<string>();
      files = filesOf([
        ...closure([`src/locales/${lang}.ts`], seen),
        ...(page && USER_AREA_PAGES.includes(page) ? closure(['src/app/layout/user-area-layout.tsx'], seen) : []),
        ...(page ? closure([`src/app/routes/${PAGE_MODULES[page]}.tsx`], seen) : []),
      ]);
      cache.set(cacheKey, files);
    }
    return files;
  };
}

function withPageFiles(html: string, { scripts, styles }: PageFiles): string {
  const links = [
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ].join('');
  return links ? html.replace('</head>', () => `${links}</head>`) : html;
}

const THEME_SCRIPT_TAG = '<script src="/theme-init.js"></script>';

/**
 * theme-init.js must run before the first paint (no flash of the wrong theme), so it blocks
 * rendering; as a file it cost a round trip before anything showed (Lighthouse: ~300 ms of first
 * paint on a phone). Its text goes in the page instead, allowed by its hash in the CSP.
 */
export interface ThemeScript {
  text: string;
  /** The CSP source that allows exactly this text. */
  cspHash: string;
}

/** Read once at start: the CSP (app.ts) and the pages (webApp) both take it from there. */
export function themeScriptOf(webDist: string): ThemeScript | null {
  const file = path.join(webDist, 'theme-init.js');
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  return { text, cspHash: `'sha256-${createHash('sha256').update(text).digest('base64')}'` };
}

function withInlineThemeScript(html: string, script: ThemeScript): string {
  if (!html.includes(THEME_SCRIPT_TAG)) return html;
  return html.replace(THEME_SCRIPT_TAG, () => `<script>${script.text}</script>`);
}

/** Where the built web app is: WEB_DIST, else apps/web/dist beside this package. */
export function findWebDist(configured: string | undefined): string | null {
  if (configured) return path.resolve(configured);
  const here = path.dirname(new URL(import.meta.url).pathname);
  for (let dir = here, i = 0; i < 5; i += 1, dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    const sibling = path.join(dir, 'web', 'dist');
    if (existsSync(path.join(sibling, 'index.html'))) return sibling;
  }
  return null;
}
