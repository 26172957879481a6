import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tempWebDist, type TestContext } from '../../test/test-app';

const INDEX =
  '<!doctype html><html lang="ru"><head><script src="/theme-init.js"></script><title>Obmen</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';
const THEME_SCRIPT = "document.documentElement.classList.add('theme-light');";
let ctx: TestContext;
let dist: string;

beforeAll(async () => {
  dist = tempWebDist({
    'index.html': INDEX,
    'theme-init.js': THEME_SCRIPT,
    'assets/app-1a2b3c.js': 'console.log("app")',
    'assets/app-1a2b3c.js.br': brotliCompressSync('console.log("app")'),
    '.vite/manifest.json': JSON.stringify({
      'index.html': {
        file: 'assets/app-1a2b3c.js',
        isEntry: true,
        imports: ['_shared-44.js'],
        css: ['assets/app.css'],
        assets: ['assets/favicon-F1.svg'],
      },
      '_shared-44.js': { file: 'assets/shared-44.js' },
      'src/locales/ru.ts': { file: 'assets/ru-11.js', imports: ['_messages-33.js'] },
      'src/locales/en.ts': { file: 'assets/en-22.js', imports: ['_messages-33.js'] },
      '_messages-33.js': { file: 'assets/messages-33.js' },
      'src/app/routes/faq.tsx': { file: 'assets/faq-55.js', imports: ['_shared-44.js', '_accordion-66.js'] },
      '_accordion-66.js': { file: 'assets/accordion-66.js', css: ['assets/accordion-66.css'] },
      'src/app/routes/home.tsx': {
        file: 'assets/home-77.js',
        imports: ['_shared-44.js', '_notice-88.js'],
        dynamicImports: ['src/features/converter/components/currency-picker-dialog.tsx'],
        css: ['assets/home-77.css'],
      },
      '_notice-88.js': { file: 'assets/notice-88.js' },
      'src/features/converter/components/currency-picker-dialog.tsx': {
        file: 'assets/currency-picker-dialog-98.js',
        imports: ['_dialog-99.js'],
      },
      '_dialog-99.js': { file: 'assets/dialog-99.js' },
      'src/app/layout/user-area-layout.tsx': { file: 'assets/user-area-layout-12.js' },
      'src/app/routes/user-tickets.tsx': { file: 'assets/user-tickets-13.js' },
    }),
  });
  // Seeded: a pair page is a page only where the exchanger has the direction.
  ctx = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('names the page language’s catalog in the head, so it downloads alongside the entry', async () => {
    const ru = (await ctx.app.inject({ url: '/ru/faq' })).body;
    expect(ru).toContain('<link rel="modulepreload" crossorigin href="/assets/ru-11.js" />');
    expect(ru).toContain('<link rel="modulepreload" crossorigin href="/assets/messages-33.js" />');
    expect(ru).not.toContain('en-22.js');
    const en = (await ctx.app.inject({ url: '/en/faq' })).body;
    expect(en).toContain('href="/assets/en-22.js"');
    expect(en).not.toContain('ru-11.js');
  });

  it('preloads no font and no other asset of the entry: the pages draw with the device’s own font', async () => {
    for (const url of ['/ru/faq', '/en/']) {
      const page = (await ctx.app.inject({ url })).body;
      expect(page).not.toContain('rel="preload"');
      expect(page).not.toContain('favicon-F1');
    }
  });

  it("names the page's own module and what it imports, but not what the entry brings or what loads on demand", async () => {
    const faq = (await ctx.app.inject({ url: '/en/faq' })).body;
    expect(faq).toContain('<link rel="modulepreload" crossorigin href="/assets/faq-55.js" />');
    expect(faq).toContain('<link rel="modulepreload" crossorigin href="/assets/accordion-66.js" />');
    expect(faq).toContain('<link rel="stylesheet" crossorigin href="/assets/accordion-66.css" />');
    expect(faq).not.toContain('shared-44.js');
    expect(faq).not.toContain('app.css');
    expect(faq).not.toContain('home-77');

    const pair = (await ctx.app.inject({ url: '/ru/SBERRUB--BTC' })).body;
    for (const file of ['home-77.js', 'notice-88.js']) {
      expect(pair).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}" />`);
    }
    expect(pair).toContain('<link rel="stylesheet" crossorigin href="/assets/home-77.css" />');
    expect(pair).not.toContain('currency-picker-dialog-98');
    expect(pair).not.toContain('dialog-99');

    const tickets = (await ctx.app.inject({ url: '/en/user/tickets' })).body;
    expect(tickets).toContain('href="/assets/user-area-layout-12.js"');
    expect(tickets).toContain('href="/assets/user-tickets-13.js"');

    const lost = (await ctx.app.inject({ url: '/en/no-such-page' })).body;
    expect(lost).not.toContain('faq-55');
    expect(lost).not.toContain('home-77');
  });

  it('puts the theme script in the page, allowed by its hash alone', async () => {
    const res = await ctx.app.inject({ url: '/ru/' });
    expect(res.body).toContain(`<script>${THEME_SCRIPT}</script>`);
    expect(res.body).not.toContain('src="/theme-init.js"');
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it.each(['/', '/ru/', '/en/', '/login', '/en/news', '/ru/ticket/abc/payment_info', '/en/BTC--SBERRUB'])(
    'answers the page %s with the app and 200',
    async (url) => {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root"></div>');
    },
  );

  it.each(['/ru/no-such-page', '/en/news/1/2', '/de/about', '/en/news/999'])(
    'answers %s with the app and 404',
    async (url) => {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    },
  );

  it('puts the language, title, description, canonical and hreflang of the page in the HTML', async () => {
    const res = await ctx.app.inject({ url: '/en/login' });
    expect(res.body).toContain('<html lang="en"');
    expect(res.body).toContain('<title>Log in — Obmen</title>');
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:8080/en/login" />');
    expect(res.body).toContain('<link rel="alternate" hreflang="ru" href="http://localhost:8080/ru/login" />');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    const home = await ctx.app.inject({ url: '/ru/' });
    expect(home.body).toContain('<title>Obmen — обмен криптовалют и рублей 24/7</title>');
    expect(home.body).not.toContain('noindex');
  });

  it('answers an unknown API path with JSON 404 in the request language', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/Nothing/here', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('answers a POST to an unknown path with JSON, never the app', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/ru/about' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Не найдено' } });
  });

  it('serves hashed assets as immutable and sends security headers', async () => {
    const res = await ctx.app.inject({ url: '/assets/app-1a2b3c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-request-id']).toBeTruthy();
    const page = await ctx.app.inject({ url: '/ru/' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends the build’s precompressed file to a browser that takes it, and says it varies', async () => {
    const br = await ctx.app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("app")');
    const plain = await ctx.app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('compresses a page’s HTML for a browser that takes it, and says it varies', async () => {
    const plain = await ctx.app.inject({ url: '/ru/faq' });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await ctx.app.inject({ url: '/ru/faq', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await ctx.app.inject({ url: '/en/no-such-page', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.statusCode).toBe(404);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<div id="root"></div>');
  });

  it('keeps the request id a proxy sends', async () => {
    const res = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'proxy-42' } });
    expect(res.headers['x-request-id']).toBe('proxy-42');
  });
});

describe('health', () => {
  it('is live and ready while the database answers', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
  });
});

describe('server-rendered meta of content pages', () => {
  // Seeding takes a while on a busy machine: the hook's longer timeout, not the test's.
  let seeded: TestContext;
  beforeAll(async () => {
    seeded = await createTestApp({ webDist: dist });
  });
  afterAll(() => seeded.close());

  it('gives /en/faq and a pair page their own title and description', async () => {
    const faq = await seeded.app.inject({ url: '/en/faq' });
    expect(faq.body).toMatch(/<title>[^<]*(FAQ|question)[^<]*<\/title>/i);
    expect(faq.body).not.toContain('noindex');
    const pair = await seeded.app.inject({ url: '/ru/SBERRUB--BTC' });
    expect(pair.body).toMatch(/<title>[^<]*Сбер[^<]*Bitcoin[^<]*<\/title>/);
    expect(pair.body).toMatch(/<meta name="description" content="[^"]{100,}" \/>/);
    const news = await seeded.app.inject({ url: '/en/news/1' });
    expect(news.statusCode).toBe(200);
  });
});
