import {
  type AdminNews,
  type adminNewsBody,
  type AdminPage,
  type adminPageBody,
  type AdminSeo,
  type adminSeoBody,
} from '@obmen/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Page } from '../../db/paging';
import { NotFoundError, ParameterError } from '../../http/errors';
import { type Actor, createAudited, isoNow } from '../admin/console';
import { findCurrency } from '../exchange/exchange-setup.repository';
import {
  deleteNews,
  deleteSeo,
  findNewsById,
  findPageRow,
  findSeo,
  insertNews,
  listAllFaq,
  listAllNews,
  listAllPages,
  listAllSeo,
  newsSlugTaken,
  replaceFaq,
  updateNews,
  upsertPage,
  upsertSeo,
  type NewsRow,
  type PageRow,
  type SeoRow,
} from './content-admin.repository';
import { renderMarkdown } from './markdown';

const toNewsDto = (row: NewsRow): AdminNews => ({
  ...row,
  publishedAt: isoNow(row.publishedAt),
  updatedAt: isoNow(row.updatedAt),
});
const toPageDto = (row: PageRow): AdminPage => ({
  ...row,
  slug: row.slug as AdminPage['slug'],
  updatedAt: isoNow(row.updatedAt),
});
const toSeoDto = (row: SeoRow): AdminSeo => ({ ...row, updatedAt: isoNow(row.updatedAt) });

/** The console's content (design §6): news, the pages and their FAQ, a pair's SEO, a preview. */
export function createContentAdminService({ db }: { db: Db }) {
  const audited = createAudited(db);

  async function requireCurrency(code: string): Promise<void> {
    if (!(await findCurrency(db, code))) throw new NotFoundError('exchange.unknownCurrency');
  }

  const service = {
    async news(q: string | undefined, paging: Page) {
      const found = await listAllNews(db, q, paging);
      return { ...found, items: found.items.map(toNewsDto) };
    },

    async createNews(actor: Actor, body: z.output<typeof adminNewsBody>): Promise<AdminNews> {
      if (await newsSlugTaken(db, body.slug, null)) throw ParameterError.of({ slug: 'admin.slugTaken' });
      const row = await audited(
        actor,
        { action: 'create', resource: 'news', resourceId: body.slug, before: null },
        (tx) => insertNews(tx, { ...body, publishedAt: new Date(body.publishedAt) }),
        toNewsDto,
      );
      return toNewsDto(row);
    },

    async updateNews(actor: Actor, id: number, body: z.output<typeof adminNewsBody>): Promise<AdminNews> {
      const before = await findNewsById(db, id);
      if (!before) throw new NotFoundError();
      if (await newsSlugTaken(db, body.slug, id)) throw ParameterError.of({ slug: 'admin.slugTaken' });
      const row = await audited(
        actor,
        { action: 'update', resource: 'news', resourceId: String(id), before: toNewsDto(before) },
        (tx) => updateNews(tx, id, { ...body, publishedAt: new Date(body.publishedAt) }),
        toNewsDto,
      );
      return toNewsDto(row);
    },

    async deleteNews(actor: Actor, id: number): Promise<void> {
      const before = await findNewsById(db, id);
      if (!before) throw new NotFoundError();
      await audited(
        actor,
        { action: 'delete', resource: 'news', resourceId: String(id), before: toNewsDto(before) },
        (tx) => deleteNews(tx, id),
        () => null,
      );
    },

    async pages() {
      const [rows, faq] = await Promise.all([listAllPages(db), listAllFaq(db)]);
      return {
        pages: rows.map(toPageDto),
        faq: faq.map(({ questionRu, questionEn, answerRu, answerEn }) => ({
          questionRu,
          questionEn,
          answerRu,
          answerEn,
        })),
      };
    },

    async savePage(actor: Actor, slug: string, body: z.output<typeof adminPageBody>): Promise<AdminPage> {
      const before = await findPageRow(db, slug);
      const row = await audited(
        actor,
        { action: 'update', resource: 'pages', resourceId: slug, before: before ? toPageDto(before) : null },
        (tx) => upsertPage(tx, slug, body),
        toPageDto,
      );
      return toPageDto(row);
    },

    async saveFaq(
      actor: Actor,
      items: { questionRu: string; questionEn: string; answerRu: string; answerEn: string }[],
    ) {
      const before = (await service.pages()).faq;
      await audited(
        actor,
        { action: 'replace', resource: 'pages', resourceId: 'faq-items', before },
        (tx) => replaceFaq(tx, items),
        () => items,
      );
      return (await service.pages()).faq;
    },

    async seo(): Promise<AdminSeo[]> {
      return (await listAllSeo(db)).map(toSeoDto);
    },

    async saveSeo(actor: Actor, give: string, get: string, body: z.output<typeof adminSeoBody>): Promise<AdminSeo> {
      await requireCurrency(give);
      await requireCurrency(get);
      const before = await findSeo(db, give, get);
      const row = await audited(
        actor,
        { action: 'update', resource: 'seo', resourceId: `${give}>${get}`, before: before ? toSeoDto(before) : null },
        (tx) => upsertSeo(tx, give, get, body),
        toSeoDto,
      );
      return toSeoDto(row);
    },

    async deleteSeo(actor: Actor, give: string, get: string): Promise<void> {
      const before = await findSeo(db, give, get);
      if (!before) throw new NotFoundError();
      await audited(
        actor,
        { action: 'delete', resource: 'seo', resourceId: `${give}>${get}`, before: toSeoDto(before) },
        (tx) => deleteSeo(tx, give, get),
        () => null,
      );
    },

    preview(markdown: string): { html: string } {
      return { html: renderMarkdown(markdown) };
    },
  };
  return service;
}

export type ContentAdminService = ReturnType<typeof createContentAdminService>;
