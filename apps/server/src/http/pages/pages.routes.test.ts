import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tempWebDist, type TestContext } from '../../../test/test-app';

// The stand-in server entry (test/test-app.ts) draws what the services read for a page in process.
let ctx: TestContext;
let dist: string;

beforeAll(async () => {
  dist = tempWebDist({
    'assets/app-1a2b3c.js': 'console.log("app")',
    'assets/app-1a2b3c.js.br': brotliCompressSync('console.log("app")'),
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  });
  ctx = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(path.dirname(dist), { recursive: true, force: true });
});

describe('pages, from one GET route', () => {
  it('draws a public page from the services’ reads in process, with its status, and caches it as a public read', async () => {
    const faq = await ctx.app.inject({ url: '/en/faq' });
    expect(faq.statusCode).toBe(200);
    expect(faq.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(faq.body).toMatch(/<title>[^<]*(FAQ|question)[^<]*<\/title>/i);
    expect(faq.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
    const again = await ctx.app.inject({ url: '/en/faq', headers: { 'if-none-match': String(faq.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const missing = await ctx.app.inject({ url: '/ru/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('sends a page the browser draws as never kept', async () => {
    const res = await ctx.app.inject({ url: '/admin/tickets' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('compresses a page as any reply, and says it varies', async () => {
    const br = await ctx.app.inject({ url: '/ru/faq', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<title>');
  });

  it('allows the document’s inline scripts by their hashes alone', async () => {
    const res = await ctx.app.inject({ url: '/ru/' });
    const hash = createHash('sha256').update("document.documentElement.classList.add('theme-light');").digest('base64');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('answers an unknown API path, a missing file and a POST to a page with JSON 404 in the request language', async () => {
    const api = await ctx.app.inject({ url: '/api/v1/Nothing/here', headers: { 'accept-language': 'en' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    expect((await ctx.app.inject({ url: '/assets/missing-00.js' })).statusCode).toBe(404);
    const post = await ctx.app.inject({ method: 'POST', url: '/ru/about' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ error: { code: 'not_found', message: 'Не найдено' } });
  });
});

describe('the build’s files', () => {
  it('serves hashed assets as immutable, precompressed when the browser takes it, with the data headers', async () => {
    const res = await ctx.app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log("app")');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('keeps the request id a proxy sends, and is live and ready while the database answers', async () => {
    const res = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'proxy-42' } });
    expect(res.headers['x-request-id']).toBe('proxy-42');
    expect(res.json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
