import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const api = `http://127.0.0.1:${process.env.API_PORT ?? '8081'}`;

// The spec's auth calls share their paths with pages (POST /register vs the register page), so a
// browser's page request stays with Vite and only the API calls go to the server.
const apiCallsOnly: ProxyOptions = {
  target: api,
  bypass: (req) => (req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};
const apiPrefixes = ['/api', '/export', '/sitemap.xml', '/robots.txt', '/healthz', '/readyz', '/metrics'];
const sharedPaths = ['/register', '/token', '/checktoken', '/forgot_password', '/reset_password', '/logout'];

// The shipped app runs on Preact through its React-compatible layer: the same React API at a tenth
// of react-dom's weight, which is what keeps the home page's initial JavaScript within 100 KB gzip
// (issue 11). The dev server and the component tests keep React for Fast Refresh and Testing
// Library; the browser suite (e2e) drives the real Preact build. See docs/decisions.md.
const preactInTheBrowser = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

// React Router (the operator console's router) exports only its development build (its own Vite
// plugin swaps in the production one): without this the console carried its dev-only checks and
// warnings.
const reactRouterForProduction = {
  find: /^react-router$/,
  replacement: path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production/index.mjs',
  ),
};

// Scripts, styles and icons are compressed once, at the strongest settings, next to the files
// (`app.js.br`, `app.js.gz`); the server sends them as they are (@fastify/static, preCompressed)
// instead of compressing every download anew, and smaller than on-the-fly compression makes them.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
const GZIP = { level: 9 };
const precompressed = compression({
  include: /\.(js|css|svg|json|txt|xml)$/,
  exclude: /(\.map|manifest\.json)$/,
  threshold: 1024,
  skipIfLargerOrEqual: true,
  logLevel: 'silent',
  algorithms: [defineAlgorithm('brotliCompress', BROTLI), defineAlgorithm('gzip', GZIP)],
});

// What a visitor's page runs before its first render, in a few files. Left to itself the bundler
// made a file of every module two chunks share (Preact, the query library, the API client, a
// button…) and the home page fetched 18 scripts; a phone's browser opens 6 connections to a server
// speaking HTTP/1.1, so that was three or four round trips one after another (Lighthouse: largest
// paint ~2.7 s; with these groups 6 scripts and ~2.3 s). Only modules the home page loaded anyway
// are named, so other pages get at most a few KB they do not use; the dialog stays a file of its
// own, fetched when a dialog opens (a picker; the home page's one-time notice is a native <dialog>).
const firstRenderChunks = [
  {
    name: 'core',
    priority: 20,
    test: oneOf([
      /node_modules\/(preact|@tanstack)\//,
      /src\/lib\/(i18n|log|api-client|language|report-error)\.ts$/,
      /src\/hooks\/use-language\.ts$/,
      /packages\/shared\/src\/(routing\/page-routes|contracts\/ticket-statuses)\.ts$/,
      /src\/components\/ui\/icons\.tsx$/,
      /src\/locales\/build-catalog\.ts$/,
      /packages\/shared\/src\/i18n\//,
    ]),
  },
  {
    name: 'ui',
    priority: 10,
    test: oneOf([
      /src\/components\/ui\/(button|spinner|fire-icon|countdown-ring)\.tsx$/,
      // The dialogs' styles: the home page's notice (a native <dialog>) uses them without Radix.
      /src\/components\/ui\/dialog\.module\.css/,
      /src\/hooks\/use-time-left\.ts$/,
      /src\/lib\/exchange-draft\.ts$/,
      /packages\/shared\/src\/money\/amount-text\.ts$/,
    ]),
  },
  // The ticket pages' shared parts. They used to come as 16 scripts and 8 stylesheets (the ticket
  // page's first paint ~2.1 s against the home page's 1.8). Other pages that use one of them (the
  // ticket list's status badge, a form's alert, a formatted date) get the whole 4 KB; the home
  // page gets none of it.
  {
    name: 'ticket-parts',
    priority: 8,
    test: oneOf([
      /src\/features\/tickets\/hooks\/use-payment-window\.ts$/,
      /src\/features\/tickets\/components\/(ticket-load-error|load-problem|status-badge|ticket-outcome|ticket-steps|ticket-link)\.(tsx|module\.css)/,
      /src\/features\/tickets\/components\/card-check\.module\.css/,
      /src\/lib\/format-(amount|date)\.ts$/,
      /src\/components\/ui\/(copy-button|form-alert)\.(tsx|module\.css)/,
    ]),
  },
  {
    name: 'dialog',
    priority: 5,
    test: oneOf([/node_modules\/@radix-ui\/react-dialog\//, /src\/components\/ui\/dialog\.tsx$/]),
  },
];

// Every chunk is fetched when its code is about to run (the page's own first, the rest on
// demand), so V8 is told to compile all of a chunk's functions as it downloads, on a background
// thread, instead of each on the main thread at its first call (V8's explicit compile hints,
// Chromium 136+; other engines read a comment). A pair page's main-thread compiling fell from
// ~220 to ~25 ms of trace time, its longest task 236 → 173 ms (issue 11, docs/decisions.md).
const COMPILE_ALL_ON_LOAD = '//# allFunctionsCalledOnLoad';

/**
 * Vite puts its table of a chunk's on-demand imports (`const __vite__mapDeps=…`) above the
 * banner, and the hint only counts on a file's first line. Neither line carries a source mapping,
 * so swapping the two leaves the source map right; the chunk's .br and .gz, made before this
 * runs, are made again from the swapped code.
 */
const compileHintFirst: Plugin = {
  name: 'compile-hint-first',
  enforce: 'post',
  generateBundle: {
    // After Vite's own, which writes the table.
    order: 'post',
    handler(_, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || file.code.startsWith(COMPILE_ALL_ON_LOAD)) continue;
        const [first = '', second, ...rest] = file.code.split('\n');
        if (second !== COMPILE_ALL_ON_LOAD) continue;
        file.code = [second, first, ...rest].join('\n');
        const code = Buffer.from(file.code);
        const packed = (suffix: string) => bundle[`${file.fileName}${suffix}`];
        const br = packed('.br');
        if (br?.type === 'asset') br.source = brotliCompressSync(code, BROTLI);
        const gz = packed('.gz');
        if (gz?.type === 'asset') gz.source = gzipSync(code, GZIP);
      }
    },
  },
};

function oneOf(patterns: RegExp[]): (id: string) => boolean {
  return (id) => patterns.some((pattern) => pattern.test(id));
}

export default defineConfig(({ command }) => ({
  plugins: [react(), ...(command === 'build' ? [compileHintFirst, precompressed] : [])],
  resolve: { alias: command === 'build' ? [...preactInTheBrowser, reactRouterForProduction] : [] },
  server: {
    port: Number(process.env.PORT ?? 8080),
    strictPort: true,
    proxy: {
      ...Object.fromEntries(apiPrefixes.map((prefix) => [prefix, api])),
      ...Object.fromEntries(sharedPaths.map((path) => [path, apiCallsOnly])),
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    assetsInlineLimit: 0,
    // The manifest lets `npm test` weigh what the home page loads (scripts/bundle-size.mjs).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: firstRenderChunks },
        // After minification, which would drop it: the hint must be the file's first line.
        postBanner: COMPILE_ALL_ON_LOAD,
        // A chunk holding any of the operator console's code says so in its name: visitors must never
        // load one (an e2e test checks what the home page loads).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.includes('/src/admin/'))
            ? 'assets/admin-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
}));
