import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type * as Vite from 'vite';
import type { DevStyle, PageRenderer } from './renderer';

/** The web app's server entry, by its path in the web app (as the browser's /src/main.tsx). */
const ENTRY = '/src/entry-server.tsx';

// Vite's own addresses: its client, React Refresh's runtime, modules by their source path, the
// prebundled libraries, files outside the web app (packages/shared) and modules by id.
const VITE_PATHS = /^\/(@vite\/|@react-refresh|@id\/|@fs\/|src\/|node_modules\/)/;

// Vite's style files (its CSS_LANGS_RE); one imported with a query (?inline, ?url, ?raw) adds no style.
const STYLE_FILE = /\.(css|less|sass|scss|styl|stylus|pcss|postcss|sss)$/;

// How Vite's transform of a style for the browser hands it to its client: `updateStyle(id, css)`.
const STYLE_MODULE = /^const __vite__id = (".*")\nconst __vite__css = (".*")$/m;

/**
 * `npm run dev`'s pages: the web app's server entry as Vite serves it in middleware mode, loaded
 * anew for each page (Vite drops what an edit changed, so a reload shows it), and Vite's own files
 * for the browser, hot reload included. `app` is the root instance: its hook sees every request.
 */
export async function viteDevRenderer(app: FastifyInstance, webRoot = findWebRoot()): Promise<PageRenderer> {
  // The web app's own Vite, imported by a computed path: the server's build (tsup) must not bundle
  // it, and production never loads it.
  const vitePath = createRequire(path.join(webRoot, 'package.json')).resolve('vite');
  const { createServer } = (await import(pathToFileURL(vitePath).href)) as typeof Vite;
  const configFile = path.join(webRoot, 'vite.config.ts');
  const vite = await createServer({
    root: webRoot,
    configFile: existsSync(configFile) ? configFile : false,
    // Read by Vite's own module runner, not bundled to a temporary file that Node imports: tsx
    // watch restarted the server each time Vite deleted that file.
    configLoader: 'runner',
    appType: 'custom',
    clearScreen: false,
    // Hot reload's WebSocket on this server's port: one address for pages, files and updates.
    server: { middlewareMode: true, hmr: { server: app.server } },
  });
  app.addHook('onClose', () => vite.close());

  const publicDir = vite.config.publicDir;
  const isPublicFile = (pathname: string) => {
    const file = path.join(publicDir, pathname);
    return file.startsWith(publicDir + path.sep) && existsSync(file) && statSync(file).isFile();
  };
  // As @fastify/middie runs a middleware: Vite ends what it serves, and hands back what it does not.
  app.addHook('onRequest', (request, reply, done) => {
    const pathname = request.url.split('?', 1)[0]!;
    if (!VITE_PATHS.test(pathname) && !(publicDir && isPublicFile(pathname))) return done();
    vite.middlewares(request.raw, reply.raw, done);
  });

  let entry = await loadEntry(vite, app);
  return {
    async renderPage(request) {
      entry = await loadEntry(vite, app, { rethrow: true });
      try {
        return await entry.renderPage({ ...request, devStyles: (files) => collectStyles(vite, files) });
      } catch (error) {
        throw fixedStack(vite, error);
      }
    },
    // As of the entry's last load: loaded above, before app.ts works out the CSP from it.
    get INLINE_SCRIPTS() {
      return entry.INLINE_SCRIPTS;
    },
  };
}

/**
 * The styles Vite's client would inject for these source files (the browser's entry, a page's route
 * modules) and all they import statically (a lazy import brings its own styles when it loads), in
 * the order the browser runs them, so the document is styled before any script runs, as a built
 * page is by its stylesheets. Each comes as the browser's transform hands it to Vite's client,
 * under the same id: the client takes over the document's `<style data-vite-dev-id>` (an edit
 * rewrites it) instead of adding a second, and a CSS module's class names are the ones the page
 * was drawn with.
 */
async function collectStyles(vite: Vite.ViteDevServer, files: string[]): Promise<DevStyle[]> {
  const { ssr, client } = vite.environments;
  const seen = new Set<string>();
  const styleUrls: string[] = [];
  // The server's transform of a module lists its static imports (`deps`) apart from its lazy ones.
  const visit = async (url: string): Promise<void> => {
    if (seen.has(url)) return;
    seen.add(url);
    if (STYLE_FILE.test(url)) styleUrls.push(url);
    else if (url.startsWith('/') && !url.includes('/node_modules/')) {
      const node = await ssr.moduleGraph.getModuleByUrl(url);
      const result = node?.transformResult ?? (await ssr.transformRequest(url));
      for (const dep of result?.deps ?? []) await visit(dep);
    }
  };
  for (const file of files) await visit(file);

  const styles = await Promise.all(
    styleUrls.map(async (url): Promise<DevStyle | null> => {
      const found = STYLE_MODULE.exec((await client.transformRequest(url))?.code ?? '');
      return found ? { id: JSON.parse(found[1]!) as string, css: JSON.parse(found[2]!) as string } : null;
    }),
  );
  return styles.filter((style) => style !== null);
}

const BROKEN: PageRenderer = {
  renderPage: () => Promise.reject(new Error(`${ENTRY} did not load: see the error above`)),
  INLINE_SCRIPTS: [],
};

/**
 * The entry as it is now: a module Vite has not seen change comes from its cache. A web file that
 * does not compile at start is logged and the server starts anyway, so the fix shows on reload.
 */
async function loadEntry(
  vite: Vite.ViteDevServer,
  app: FastifyInstance,
  { rethrow = false } = {},
): Promise<PageRenderer> {
  try {
    return (await vite.ssrLoadModule(ENTRY)) as PageRenderer;
  } catch (error) {
    const fixed = fixedStack(vite, error);
    if (rethrow) throw fixed;
    app.log.error({ err: fixed }, `${ENTRY} did not load`);
    return BROKEN;
  }
}

/** Stack lines that point at the web app's sources, not at Vite's transformed code. */
function fixedStack(vite: Vite.ViteDevServer, error: unknown): unknown {
  if (error instanceof Error) vite.ssrFixStacktrace(error);
  return error;
}

/** apps/web beside this package, from its sources (tsx) or a build of them. */
function findWebRoot(): string {
  for (let dir = import.meta.dirname, i = 0; i < 6; i += 1, dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'apps', 'web');
    if (existsSync(path.join(candidate, 'vite.config.ts'))) return candidate;
  }
  throw new Error('apps/web (the web app Vite serves in development) was not found');
}
