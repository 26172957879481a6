import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicReads } from '@obmen/shared';
import type { PageRenderer } from './renderer';
import { viteDevRenderer } from './vite-dev';

// The entry below reads nothing.
const reads = {} as PublicReads;

// A web app of one server entry, served by the repository's Vite as `npm run dev` serves apps/web.
// `/styles` answers with what the server gives a document to carry for a browser entry and a page.
const entryText = (word: string, scripts: string[]) => `
import box from './box.module.css';
export const INLINE_SCRIPTS: string[] = ${JSON.stringify(scripts)};
export async function renderPage({ url, devStyles }: { url: URL; devStyles: (files: string[]) => Promise<unknown> }) {
  if (url.pathname === '/broken') throw new Error('the page broke');
  if (url.pathname === '/styles') {
    const styles = await devStyles(['/src/main.tsx', '/src/page.tsx']);
    return { status: 200, html: JSON.stringify({ box: box.box, styles }), personal: false };
  }
  return { status: 200, html: '<p>' + ${JSON.stringify(word)} + ' ' + url.pathname + '</p>', personal: false };
}
`;

// The browser's entry and a page module, with styles imported every way Vite knows.
const styleFiles = {
  'main.tsx': `import './base.css';
import { label } from './label';
import box from './box.module.css';
import inlined from './inlined.css?inline';
void import('./later');
console.log(label, box.box, inlined);`,
  'label.ts': `import './label.module.css';
export const label = 'label';`,
  'later.ts': `import './later.css';`,
  'page.tsx': `import './page.module.css';
import box from './box.module.css';
console.log(box.box);`,
  'base.css': 'body { margin: 0; }',
  'label.module.css': '.label { font-weight: 700; }',
  'box.module.css': '.box { color: rgb(1, 2, 3); }',
  'inlined.css': '.inlined { color: red; }',
  'later.css': '.later { color: red; }',
  'page.module.css': '.page { display: grid; }',
};

let webRoot: string;
let app: FastifyInstance;
let renderer: PageRenderer;

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'obmen-vite-dev-'));
  writeFileSync(path.join(webRoot, 'package.json'), '{ "type": "module" }');
  symlinkSync(path.resolve(import.meta.dirname, '../../../../../node_modules'), path.join(webRoot, 'node_modules'));
  mkdirSync(path.join(webRoot, 'src'));
  for (const [name, text] of Object.entries(styleFiles)) writeFileSync(path.join(webRoot, 'src', name), text);
  mkdirSync(path.join(webRoot, 'public'));
  writeFileSync(path.join(webRoot, 'public', 'theme-init.js'), 'document.documentElement.dataset.theme = "dark";');
  writeFileSync(path.join(webRoot, 'src', 'entry-server.tsx'), entryText('first', ['one']));

  app = Fastify();
  renderer = await viteDevRenderer(app, webRoot);
  app.get('/api/v1/hello', async () => ({ hello: 'from the server' }));
  app.get('/*', async (request, reply) => {
    const page = await renderer.renderPage({
      url: new URL(request.url, 'http://localhost'),
      reads,
      publicUrl: 'http://localhost',
    });
    return reply.status(page.status).type('text/html').send(page.html);
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('pages in `npm run dev`', () => {
  it("are drawn by the web app's server entry, and an edit shows on the next load", async () => {
    const first = await app.inject('/ru/SBERRUB--BTC');
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('<p>first /ru/SBERRUB--BTC</p>');
    expect(renderer.INLINE_SCRIPTS).toEqual(['one']);

    writeFileSync(path.join(webRoot, 'src', 'entry-server.tsx'), entryText('second', ['two']));
    await expect
      .poll(async () => (await app.inject('/ru/')).body, { timeout: 10_000, interval: 100 })
      .toBe('<p>second /ru/</p>');
    // The CSP is worked out from the scripts of the document just drawn.
    expect(renderer.INLINE_SCRIPTS).toEqual(['two']);
  });

  it("leave Vite's own files and the web app's public files to Vite, and the rest to the server", async () => {
    const client = await app.inject('/@vite/client');
    expect(client.statusCode).toBe(200);
    expect(client.headers['content-type']).toMatch(/javascript/);

    const entry = await app.inject('/src/entry-server.tsx');
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toContain('INLINE_SCRIPTS');

    const publicFile = await app.inject('/theme-init.js');
    expect(publicFile.statusCode).toBe(200);
    expect(publicFile.body).toContain('dataset.theme');

    expect((await app.inject('/api/v1/hello')).json()).toEqual({ hello: 'from the server' });
    expect((await app.inject('/ru/news/1')).body).toContain('/ru/news/1');
  });

  it("report a render's error at the line of the web app's source", async () => {
    const error = await renderer
      .renderPage({ url: new URL('http://localhost/broken'), reads, publicUrl: 'http://localhost' })
      .catch((caught: unknown) => caught as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).stack).toMatch(/entry-server\.tsx:5:\d+/);
  });

  it("carry the styles of the browser's entry and a page's modules as Vite's client injects them, in the order they run", async () => {
    const styles = async () =>
      (await app.inject('/styles')).json<{ box: string; styles: { id: string; css: string }[] }>();
    const first = await styles();
    // By file, as Vite's client names them: a lazy import's style and an `?inline` one are not the page's.
    const file = (name: string) => path.join(realpathSync(webRoot), 'src', name);
    expect(first.styles.map(({ id }) => id)).toEqual(
      ['base.css', 'label.module.css', 'box.module.css', 'page.module.css'].map(file),
    );
    // A CSS module's rules name the class the page was drawn with.
    expect(first.styles[2]!.css).toMatch(new RegExp(`\\.${first.box}\\s*\\{\\s*color: rgb\\(1, 2, 3\\)`));

    writeFileSync(path.join(webRoot, 'src', 'box.module.css'), '.box { color: rgb(4, 5, 6); }');
    await expect
      .poll(async () => (await styles()).styles[2]?.css, { timeout: 10_000, interval: 100 })
      .toContain('rgb(4, 5, 6)');
  });
});
