import type { FastifyPluginAsync } from 'fastify';
import { LANGS, PAGE_SLUGS, pagePath, type Lang, type PageRouteName } from '@obmen/shared';
import type { Db } from '../../db/database';
import { listAllNewsIds, listPages } from '../content/content.repository';
import type { ExchangeService } from '../exchange/exchange.service';
import type { Catalog } from '../exchange/exchange.catalog';

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** sitemap.xml (every public page and enabled pair in both languages) and robots.txt (design §7). */
export const sitemapRoutes: FastifyPluginAsync<{
  db: Db;
  catalog: Catalog;
  exchange: ExchangeService;
  publicUrl: string;
}> = async (app, { db, catalog, exchange, publicUrl }) => {
  app.get('/sitemap.xml', async (_request, reply) => {
    const [newsItems, pageRows] = await Promise.all([listAllNewsIds(db), listPages(db)]);
    const pageUpdated = new Map(pageRows.map((row) => [row.slug, row.updatedAt]));
    const entries: { name: PageRouteName; params?: Record<string, string>; lastmod?: Date }[] = [
      { name: 'home' },
      ...PAGE_SLUGS.map((slug) => ({ name: slug as PageRouteName, lastmod: pageUpdated.get(slug) })),
      // Newest first, so the list changed when its first item did.
      { name: 'news', lastmod: newsItems[0]?.updatedAt },
      { name: 'verify' },
      ...newsItems.map(({ id, updatedAt }) => ({
        name: 'show_news' as const,
        params: { id: String(id) },
        lastmod: updatedAt,
      })),
      ...[...catalog.get().directions.values()]
        .filter(({ row }) => exchange.directionStatus(row.giveCode, row.getCode))
        .map(({ row }) => ({
          name: 'home_with_currencies' as const,
          params: { pair: `${row.giveCode}--${row.getCode}` },
        })),
    ];
    const url = (lang: Lang, e: (typeof entries)[number]) =>
      escapeXml(`${publicUrl}${pagePath(lang, e.name, e.params)}`);
    const body = entries
      .flatMap((entry) => {
        const links = [
          ...LANGS.map((alt) => `<xhtml:link rel="alternate" hreflang="${alt}" href="${url(alt, entry)}"/>`),
          `<xhtml:link rel="alternate" hreflang="x-default" href="${url('ru', entry)}"/>`,
        ].join('');
        const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : '';
        return LANGS.map((lang) => `  <url><loc>${url(lang, entry)}</loc>${lastmod}${links}</url>`);
      })
      .join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`,
      );
  });

  app.get('/robots.txt', async (_request, reply) => {
    const privatePaths = ['/api/', '/admin', '/user', '/ticket/', '/login', '/register', '/reset'];
    // Crawlers that run the app need the public reads it makes, or they index empty pages.
    const publicApi = ['/api/v1/pages/', '/api/v1/news/', '/api/v1/seo/', '/api/v1/Exchange/', '/api/v1/SiteState'];
    const lines = [
      'User-agent: *',
      ...privatePaths.flatMap((p) => [`Disallow: ${p}`, ...LANGS.map((lang) => `Disallow: /${lang}${p}`)]),
      ...publicApi.map((p) => `Allow: ${p}`),
      'Allow: /',
      '',
      `Sitemap: ${publicUrl}/sitemap.xml`,
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`${lines.join('\n')}\n`);
  });
};
