import type { Lang, NewsDetail, NewsItem, NewsPage, Page, PageSlug } from '@obmen/shared';
import type { Db } from '../../db/database';
import { NotFoundError } from '../../http/errors';
import { findNews, findPage, listFaq, listNews, type NewsRow } from './content.repository';
import { renderMarkdown } from './markdown';

const pick = (lang: Lang, ru: string, en: string) => (lang === 'en' ? en : ru);

const toNewsItem = (row: NewsRow, lang: Lang): NewsItem => ({
  id: row.id,
  slug: row.slug,
  title: pick(lang, row.titleRu, row.titleEn),
  summary: pick(lang, row.summaryRu, row.summaryEn),
  publishedAt: row.publishedAt.toISOString(),
});

export function createContentService(db: Db) {
  return {
    async page(slug: PageSlug, lang: Lang): Promise<Page> {
      const row = await findPage(db, slug);
      if (!row) throw new NotFoundError();
      const faq = slug === 'faq' ? await listFaq(db) : [];
      return {
        slug,
        title: pick(lang, row.titleRu, row.titleEn),
        metaTitle: pick(lang, row.metaTitleRu, row.metaTitleEn),
        metaDescription: pick(lang, row.metaDescriptionRu, row.metaDescriptionEn),
        html: renderMarkdown(pick(lang, row.bodyRu, row.bodyEn)),
        faq: faq.map((item) => ({
          id: item.id,
          question: pick(lang, item.questionRu, item.questionEn),
          html: renderMarkdown(pick(lang, item.answerRu, item.answerEn)),
        })),
      };
    },

    async news(page: number, perPage: number, lang: Lang): Promise<NewsPage> {
      const { items, total } = await listNews(db, page, perPage);
      return { items: items.map((row) => toNewsItem(row, lang)), page, perPage, total };
    },

    async newsItem(id: number, lang: Lang): Promise<NewsDetail> {
      const row = await findNews(db, id);
      if (!row) throw new NotFoundError();
      return { ...toNewsItem(row, lang), html: renderMarkdown(pick(lang, row.bodyRu, row.bodyEn)) };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
