import * as z from './zod';

export const PAGE_SLUGS = ['about', 'partner', 'rules', 'aml', 'faq', 'contacts'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

/** GET /api/v1/pages/{slug}: a public page; `html` is rendered from Markdown with raw HTML escaped. */
export const pageSchema = z.object({
  slug: z.enum(PAGE_SLUGS),
  title: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  html: z.string(),
  faq: z.array(z.object({ id: z.number().int(), question: z.string(), html: z.string() })),
});
export type Page = z.infer<typeof pageSchema>;
export const pageParams = z.object({ slug: z.enum(PAGE_SLUGS) });

export const newsItemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  publishedAt: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;
export const newsPageSchema = z.object({
  items: z.array(newsItemSchema),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
});
export type NewsPage = z.infer<typeof newsPageSchema>;

export { NEWS_PER_PAGE } from './news-paging';

/** GET /api/v1/news/show/{id} */
export const newsDetailSchema = newsItemSchema.extend({ html: z.string() });
export type NewsDetail = z.infer<typeof newsDetailSchema>;
export const newsIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
