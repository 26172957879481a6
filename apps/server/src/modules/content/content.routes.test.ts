import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { DEMO_NEWS } from '../../db/seed/demo-pages';
import { renderMarkdown } from './markdown';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ webDist: null });
});
afterAll(() => ctx.close());

describe('news', () => {
  it('pages the news, newest first, ten a page', async () => {
    const first = (await ctx.app.inject({ url: '/api/v1/news/' })).json();
    expect(first).toMatchObject({ page: 1, perPage: 10, total: DEMO_NEWS.length });
    expect(first.items).toHaveLength(10);
    const dates = first.items.map((n: { publishedAt: string }) => n.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = (await ctx.app.inject({ url: '/api/v1/news/?page=2&perPage=10' })).json();
    expect(second.items).toHaveLength(DEMO_NEWS.length - 10);
    const ids = [...first.items, ...second.items].map((n: { id: number }) => n.id);
    expect(new Set(ids).size).toBe(DEMO_NEWS.length);
  });

  it('gives an empty page past the end, and refuses a page that is no number', async () => {
    const past = (await ctx.app.inject({ url: '/api/v1/news/?page=50' })).json();
    expect(past).toMatchObject({ items: [], page: 50, total: DEMO_NEWS.length });
    expect((await ctx.app.inject({ url: '/api/v1/news/?page=0' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/v1/news/?perPage=1000' })).statusCode).toBe(400);
  });

  it('shows one item in the request language, and 404 for an unknown id', async () => {
    const { items } = (await ctx.app.inject({ url: '/api/v1/news/?lang=en' })).json();
    const item = (await ctx.app.inject({ url: `/api/v1/news/show/${items[0].id}?lang=en` })).json();
    expect(item.title).toBe(items[0].title);
    expect(item.html).toContain('<p>');
    const missing = await ctx.app.inject({ url: '/api/v1/news/show/99999' });
    expect(missing.statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/v1/news/show/abc' })).statusCode).toBe(400);
  });
});

describe('public pages', () => {
  it.each(['about', 'partner', 'rules', 'aml', 'contacts'])('serves %s in both languages', async (slug) => {
    const ru = (await ctx.app.inject({ url: `/api/v1/pages/${slug}` })).json();
    const en = (await ctx.app.inject({ url: `/api/v1/pages/${slug}?lang=en` })).json();
    expect(ru.title).not.toBe(en.title);
    expect(ru.html.length).toBeGreaterThan(300);
    expect(en.html.length).toBeGreaterThan(300);
  });

  it('states the business rules of the spec on the right pages', async () => {
    const partner = (await ctx.app.inject({ url: '/api/v1/pages/partner' })).json().html as string;
    expect(partner).toMatch(/0[.,]5\s?%/);
    expect(partner).toMatch(/0[.,]6\s?%/);
    expect(partner).toMatch(/24 час/);
    const rules = (await ctx.app.inject({ url: '/api/v1/pages/rules?lang=en' })).json().html as string;
    expect(rules).toMatch(/legal entit/i);
    expect(rules).toMatch(/card verification/i);
  });

  it('gives section headings the same ids in both languages, for the table of contents', async () => {
    const ru = (await ctx.app.inject({ url: '/api/v1/pages/rules' })).json().html as string;
    const en = (await ctx.app.inject({ url: '/api/v1/pages/rules?lang=en' })).json().html as string;
    expect(ru).toContain('<h2 id="section-1">1. Общие положения</h2>');
    expect(en).toContain('<h2 id="section-1">1. General provisions</h2>');
    expect(ru.match(/<h2 id="section-\d+">/g)).toHaveLength(17);
    expect(en.match(/<h2 id="section-\d+">/g)).toHaveLength(17);
  });

  it('gives the discount bands as a table', async () => {
    const partner = (await ctx.app.inject({ url: '/api/v1/pages/partner?lang=en' })).json().html as string;
    expect(partner).toContain('<th>Discount</th>');
    expect(partner).toMatch(/<td>50,000 USD and more<\/td>\s*<td><strong>0.3%<\/strong><\/td>/);
  });

  it('gives the FAQ with its questions', async () => {
    const faq = (await ctx.app.inject({ url: '/api/v1/pages/faq' })).json();
    expect(faq.faq.length).toBeGreaterThanOrEqual(14);
    expect(faq.faq[0]).toMatchObject({ question: expect.any(String), html: expect.stringContaining('<p>') });
  });

  it('never lets a script from the database reach the page', () => {
    const html = renderMarkdown('Hi <script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('href="javascript:');
    expect(renderMarkdown('[t](https://t.me/obmen_support)')).toContain('rel="noopener noreferrer"');
  });
});

describe('search engines', () => {
  it('lists every public page and enabled pair in both languages in sitemap.xml', async () => {
    const res = await ctx.app.inject({ url: '/sitemap.xml' });
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<loc>http://localhost:8080/ru/faq</loc>');
    expect(res.body).toContain('<loc>http://localhost:8080/en/SBERRUB--BTC</loc>');
    expect(res.body).toContain('hreflang="en" href="http://localhost:8080/en/about"');
    expect(res.body).not.toContain('XMR--SOL');
    expect(res.body).toMatch(/<loc>http:\/\/localhost:8080\/en\/news\/\d+<\/loc>/);
  });

  it('keeps the user area, tickets and the console out in robots.txt', async () => {
    const res = await ctx.app.inject({ url: '/robots.txt' });
    for (const line of [
      'Disallow: /ru/user',
      'Disallow: /en/ticket/',
      'Disallow: /admin',
      'Sitemap: http://localhost:8080/sitemap.xml',
    ]) {
      expect(res.body).toContain(line);
    }
  });
});
