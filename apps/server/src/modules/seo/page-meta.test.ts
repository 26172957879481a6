import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { news, pages } from '../../db/schema';
import { DEMO_NEWS, DEMO_PAGES } from '../../db/seed/demo-pages';
import { DEMO_SEO_PAIRS } from '../../db/seed/demo-content';

// The shape Vite builds from apps/web/index.html: the description tag spans several lines.
const INDEX = `<!doctype html>
<html lang="ru">
  <head>
    <meta charset="UTF-8" />
    <title>Obmen — обмен криптовалют и рублей 24/7</title>
    <meta
      name="description"
      content="Obmen — круглосуточный обмен рублей с карт и СБП на Bitcoin, USDT, Ethereum и другие криптовалюты."
    />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const BASE = 'http://localhost:8080';
let ctx: TestContext;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'obmen-dist-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  ctx = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ url });
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const head = (body: string) => body.slice(0, body.indexOf('</head>'));
const newestNews = [...DEMO_NEWS].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));

function expectMeta(body: string, meta: { lang: string; title: string; description: string; path: string }) {
  const html = head(body);
  expect(body).toContain(`<html lang="${meta.lang}"`);
  expect(html).toContain(`<title>${escapeHtml(meta.title)}</title>`);
  expect(html).toContain(`<meta name="description" content="${escapeHtml(meta.description)}" />`);
  // Exactly one description: the app's default must have been replaced, not joined.
  expect(html.match(/name="description"/g)).toHaveLength(1);
  const other = meta.lang === 'en' ? 'ru' : 'en';
  const twin = meta.path.replace(`/${meta.lang}/`, `/${other}/`);
  expect(html).toContain(`<link rel="canonical" href="${BASE}${meta.path}" />`);
  expect(html).toContain(`<link rel="alternate" hreflang="${meta.lang}" href="${BASE}${meta.path}" />`);
  expect(html).toContain(`<link rel="alternate" hreflang="${other}" href="${BASE}${twin}" />`);
  const ruPath = meta.lang === 'ru' ? meta.path : twin;
  expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${BASE}${ruPath}" />`);
  expect(html).toContain(`<meta property="og:title" content="${escapeHtml(meta.title)}" />`);
  expect(html).toContain(`<meta property="og:description" content="${escapeHtml(meta.description)}" />`);
  expect(html).toContain(`<meta property="og:url" content="${BASE}${meta.path}" />`);
  expect(html).toContain(`<meta property="og:locale" content="${meta.lang === 'en' ? 'en_US' : 'ru_RU'}" />`);
  expect(html).not.toContain('noindex');
}

describe('the HTML the server sends for public pages', () => {
  it.each(DEMO_PAGES.flatMap((page) => (['ru', 'en'] as const).map((lang) => [lang, page] as const)))(
    'gives /%s/%s its own title, description, canonical, hreflang and Open Graph tags',
    async (lang, page) => {
      const res = await get(`/${lang}/${page.slug}`);
      expect(res.statusCode).toBe(200);
      expectMeta(res.body, {
        lang,
        title: lang === 'en' ? page.metaTitleEn : page.metaTitleRu,
        description: lang === 'en' ? page.metaDescriptionEn : page.metaDescriptionRu,
        path: `/${lang}/${page.slug}`,
      });
    },
  );

  it('gives /en/faq the FAQ title, not the home page one', async () => {
    const res = await get('/en/faq');
    expect(head(res.body)).toContain('<title>FAQ — timing, rates and card verification | Obmen</title>');
    expect(res.body).not.toContain('Obmen — круглосуточный обмен');
  });

  it('gives a pair page the title and description of its SEO record, at the canonical upper-case address', async () => {
    const seo = DEMO_SEO_PAIRS.find((p) => p.give === 'SBERRUB' && p.get === 'BTC')!;
    const ru = await get('/ru/SBERRUB--BTC');
    expectMeta(ru.body, {
      lang: 'ru',
      title: seo.metaTitleRu,
      description: seo.metaDescriptionRu,
      path: '/ru/SBERRUB--BTC',
    });
    const en = await get('/en/sberrub--btc');
    expect(head(en.body)).toContain(`<title>${seo.metaTitleEn}</title>`);
    expect(head(en.body)).toContain(`<link rel="canonical" href="${BASE}/en/SBERRUB--BTC" />`);
  });

  it('names both currencies of a pair without an SEO record', async () => {
    const res = await get('/en/LTC--SOL');
    expect(head(res.body)).toContain('<title>Exchange Litecoin to Solana — Obmen</title>');
    expect(head(res.body)).not.toContain('noindex');
  });

  it.each(['/en/LTC--NOPE', '/ru/FOO--BAR', '/ru/SBERRUB--TCSBRUB'])(
    'answers %s, a pair with no direction, with 404 and keeps it out of search engines',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(head(res.body)).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(head(res.body)).not.toContain('rel="canonical"');
      expect(head(res.body)).not.toMatch(/Обмен|Exchange/);
    },
  );

  it('keeps a direction the operator switched off a page (it says the direction is unavailable)', async () => {
    const res = await get('/en/XMR--SOL');
    expect(res.statusCode).toBe(200);
    expect(head(res.body)).not.toContain('noindex');
  });

  it('gives a news item its title and summary as an article', async () => {
    const { items } = (await get('/api/v1/news/?lang=en')).json();
    const res = await get(`/en/news/${items[0].id}`);
    expect(res.statusCode).toBe(200);
    expectMeta(res.body, {
      lang: 'en',
      title: `${newestNews[0]!.titleEn} — Obmen`,
      description: newestNews[0]!.summaryEn,
      path: `/en/news/${items[0].id}`,
    });
    expect(head(res.body)).toContain('<meta property="og:type" content="article" />');
    expect(head(res.body)).toContain(
      `<meta property="article:published_time" content="${newestNews[0]!.publishedAt}" />`,
    );
  });

  it('gives the news list its own title, and each further page its own address', async () => {
    const first = await get('/ru/news');
    expectMeta(first.body, {
      lang: 'ru',
      title: 'Новости — Obmen',
      description:
        'Новости Obmen: новые валюты и направления обмена, изменения условий, технические работы и режим работы в праздники.',
      path: '/ru/news',
    });
    const second = await get('/en/news?page=2');
    expect(second.statusCode).toBe(200);
    expect(head(second.body)).toContain('<title>News, page 2 — Obmen</title>');
    expect(head(second.body)).toContain(`<link rel="canonical" href="${BASE}/en/news?page=2" />`);
    expect(head(second.body)).toContain(`<link rel="alternate" hreflang="ru" href="${BASE}/ru/news?page=2" />`);
  });

  it.each(['/en/news/99999', '/ru/news/abc', '/en/news/0', '/en/news/99999999999999', '/ru/news?page=99'])(
    'answers %s with 404 and keeps it out of search engines',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<div id="root"></div>');
      expect(head(res.body)).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(head(res.body)).not.toContain('rel="canonical"');
    },
  );

  it('names the missing news item in the title of its 404', async () => {
    expect(head((await get('/ru/news/99999')).body)).toContain('<title>Новость не найдена — Obmen</title>');
    expect(head((await get('/en/news/99999')).body)).toContain('<title>News item not found — Obmen</title>');
  });
});

describe('content from the database never brings a script', () => {
  const attack = 'Hi</title><script>alert(1)</script> "quoted" $& $1';
  const body = `Intro <script>alert('body')</script>

<img src=x onerror="alert(2)">

[click](javascript:alert(3)) [site](https://example.com)`;

  beforeAll(async () => {
    await ctx.database.db
      .update(pages)
      .set({ titleEn: attack, metaTitleEn: attack, metaDescriptionEn: attack, bodyEn: body })
      .where(eq(pages.slug, 'about'));
    const [first] = await ctx.database.db.select({ id: news.id }).from(news).where(eq(news.slug, 'obmen-launch'));
    await ctx.database.db
      .update(news)
      .set({ titleRu: attack, summaryRu: attack, bodyRu: body })
      .where(eq(news.id, first!.id));
  });

  it('escapes it in the page and news the API gives', async () => {
    const page = (await get('/api/v1/pages/about?lang=en')).json();
    const [first] = await ctx.database.db.select({ id: news.id }).from(news).where(eq(news.slug, 'obmen-launch'));
    const item = (await get(`/api/v1/news/show/${first!.id}`)).json();
    for (const html of [page.html, item.html]) {
      expect(html).not.toMatch(/<script|<img[\s>]|<[^>]*\sonerror=|href="javascript:/i);
      expect(html).toContain('&lt;script&gt;');
      expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a>');
    }
  });

  it('escapes it in the title and description of the HTML', async () => {
    const [first] = await ctx.database.db.select({ id: news.id }).from(news).where(eq(news.slug, 'obmen-launch'));
    for (const url of ['/en/about', `/ru/news/${first!.id}`]) {
      const html = head((await get(url)).body);
      expect(html.match(/<script/g)).toHaveLength(1); // the app's own bundle, nothing else
      expect(html).toContain(
        '<title>Hi&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; $&amp; $1',
      );
      expect(html).toContain(
        'content="Hi&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; $&amp; $1',
      );
    }
  });
});

describe('sitemap.xml', () => {
  it('lists every public page, news item and enabled pair in both languages, with x-default', async () => {
    const res = await get('/sitemap.xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const slug of ['about', 'partner', 'rules', 'aml', 'faq', 'contacts', 'news']) {
      expect(locs).toContain(`${BASE}/ru/${slug}`);
      expect(locs).toContain(`${BASE}/en/${slug}`);
    }
    expect(locs.filter((loc) => /\/en\/news\/\d+$/.test(loc!))).toHaveLength(DEMO_NEWS.length);
    const pairs = locs.filter((loc) => /\/ru\/\w+--\w+$/.test(loc!));
    // 14 currencies, roubles never to roubles, Monero to Solana switched off.
    expect(pairs).toHaveLength(14 * 13 - 4 * 3 - 1);
    expect(res.body).toContain(`<url><loc>${BASE}/en/faq</loc><lastmod>`);
    expect(res.body).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${BASE}/ru/faq"/>`);
  });
});

describe('robots.txt', () => {
  it('lets crawlers read the public calls the pages make, but not the rest of the API', async () => {
    const res = await get('/robots.txt');
    expect(res.body).toContain('Disallow: /api/\n');
    expect(res.body).toContain('Allow: /api/v1/pages/\n');
    expect(res.body).toContain('Allow: /api/v1/news/\n');
    for (const line of ['Disallow: /en/user', 'Disallow: /ru/ticket/', 'Disallow: /admin'])
      expect(res.body).toContain(line);
  });
});
