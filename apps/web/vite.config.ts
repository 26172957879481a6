import { createRequire } from 'node:module';
import path from 'node:path';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

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

// What a visitor's page runs before its first render, in as few files as possible. Left to itself
// the bundler made a file of every module two chunks share (React, the query library, the API
// client, a button…) and the home page fetched 18 scripts; a phone's browser opens 6 connections to
// a server speaking HTTP/1.1, and every further file waits for a free one, a round trip more. The
// entry's group takes `src/main.tsx` with everything it imports (so the entry chunk *is* the core:
// no runtime, query-client or ui files beside it) and the few modules every page's first render
// adds; the content pages' parts and the ticket pages' parts are a file each. Only modules the
// pages load anyway are named, so other pages get at most a few KB they do not use; the dialog
// stays a file of its own, fetched when a dialog opens.
const firstRenderChunks = [
  {
    name: 'core',
    priority: 20,
    test: oneOf([
      // With its imports (a group takes a module's dependencies too): the whole app shell.
      /src\/main\.tsx$/,
      /node_modules\/(react|react-dom|scheduler|react-router|@tanstack)\//,
      // The catalogs' common builder (each language's catalog is its own chunk, loaded at once).
      /src\/locales\/build-catalog\.ts$/,
      // Ticket statuses: the ticket pages, the user's list and the console all read them.
      /packages\/shared\/src\/contracts\/ticket-statuses\.ts$/,
      /src\/components\/ui\/(button|spinner|fire-icon|countdown-ring)\.tsx$/,
      // The ticket pages and the contacts page copy things: neither file should need the other's.
      /src\/components\/ui\/copy-button\.(tsx|module\.css)/,
      // The dialogs' styles: the home page's notice (a native <dialog>) uses them without Radix.
      /src\/components\/ui\/dialog\.module\.css/,
      /src\/hooks\/use-(time-left|time-zone|drawn-at)\.ts$/,
      /src\/lib\/exchange-draft\.ts$/,
      /packages\/shared\/src\/money\/amount-text\.ts$/,
      /src\/lib\/format-date\.ts$/,
    ]),
  },
  // The news, information pages, FAQ and contacts: their loaders, states and rich text, one file
  // (they were four, and the news page also loaded the ticket parts for its dates).
  {
    name: 'content',
    priority: 7,
    test: oneOf([/src\/features\/content\//, /src\/lib\/plain-click\.ts$/]),
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
      /src\/lib\/format-amount\.ts$/,
      /src\/components\/ui\/(form-alert|message-composer)\.(tsx|module\.css)/,
      // The ticket page's card and thread: a rate's sources, a rate's text (exact decimals), the receipt.
      /src\/components\/rate-sources\.(tsx|module\.css)/,
      /src\/lib\/moscow-clock\.ts$/,
      /packages\/shared\/src\/money\/(index|rate-text)\.ts$/,
      /node_modules\/decimal\.js\//,
      /src\/features\/receipts\/(components\/receipt-file|api\/get-receipt|api\/query-keys)\.ts$/,
      /src\/features\/receipts\/components\/receipts\.module\.css/,
    ]),
  },
  {
    name: 'dialog',
    priority: 5,
    test: oneOf([/node_modules\/@radix-ui\/react-dialog\//, /src\/components\/ui\/dialog\.tsx$/]),
  },
];

function oneOf(patterns: RegExp[]): (id: string) => boolean {
  return (id) => patterns.some((pattern) => pattern.test(id));
}

// The server draws public pages with the same React app (src/entry-server.tsx, issue 32): a build of
// its own for Node, every library inside it, beside nothing the browser's files need. NODE_ENV is
// written into it: Vite leaves `process.env.NODE_ENV` to Node in a server build, and a server
// started without it drew every page with React's development build (52 ms a page, not 9).
const serverRender: UserConfig = {
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  build: { target: 'node20', outDir: 'dist-server', sourcemap: true, emptyOutDir: true },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), ...(command === 'build' && !isSsrBuild ? [precompressed] : [])],
  resolve: { alias: command === 'build' ? [reactRouterForProduction] : [] },
  ...(isSsrBuild
    ? serverRender
    : {
        build: {
          target: 'es2022',
          sourcemap: true,
          assetsInlineLimit: 0,
          // The manifest names each page's files in its document (src/app/document/assets.ts), and
          // lets `npm test` weigh what the home page loads (scripts/bundle-size.mjs).
          manifest: true,
          rolldownOptions: {
            // The document is React's (src/app/document/document.tsx): no index.html.
            input: 'src/main.tsx',
            output: {
              codeSplitting: { groups: firstRenderChunks },
              // A chunk holding any of the operator console's code says so in its name: visitors must
              // never load one (an e2e test checks what the home page loads).
              chunkFileNames: (chunk: { moduleIds: string[] }) =>
                chunk.moduleIds.some((id) => id.includes('/src/admin/'))
                  ? 'assets/admin-[name]-[hash].js'
                  : 'assets/[name]-[hash].js',
            },
          },
        },
      }),
}));
