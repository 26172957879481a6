import * as z from '../zod';
import { PAGE_SLUGS } from '../content';
import { text, requiredText, moment, currencyCode } from './fields';

// The operator console's calls on content: news, pages, FAQ, SEO texts, the Markdown preview.

const slug = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .regex(/^[a-z0-9-]{3,80}$/, 'validation.pattern');

export const adminNewsBody = z.object({
  slug,
  publishedAt: moment,
  titleRu: requiredText(300),
  titleEn: requiredText(300),
  summaryRu: text(1000),
  summaryEn: text(1000),
  bodyRu: text(50_000),
  bodyEn: text(50_000),
  published: z.boolean().default(true),
});
export const adminNewsSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  publishedAt: z.string(),
  titleRu: z.string(),
  titleEn: z.string(),
  summaryRu: z.string(),
  summaryEn: z.string(),
  bodyRu: z.string(),
  bodyEn: z.string(),
  published: z.boolean(),
  updatedAt: z.string(),
});
export type AdminNews = z.infer<typeof adminNewsSchema>;
export const adminNewsId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const adminPageBody = z.object({
  titleRu: requiredText(300),
  titleEn: requiredText(300),
  metaTitleRu: text(300),
  metaTitleEn: text(300),
  metaDescriptionRu: text(500),
  metaDescriptionEn: text(500),
  bodyRu: text(100_000),
  bodyEn: text(100_000),
});
const pageOut = z.object({
  slug: z.enum(PAGE_SLUGS),
  titleRu: z.string(),
  titleEn: z.string(),
  metaTitleRu: z.string(),
  metaTitleEn: z.string(),
  metaDescriptionRu: z.string(),
  metaDescriptionEn: z.string(),
  bodyRu: z.string(),
  bodyEn: z.string(),
  updatedAt: z.string(),
});
export const adminPageSchema = pageOut;
export type AdminPage = z.infer<typeof adminPageSchema>;

const faqItem = z.object({
  questionRu: requiredText(500),
  questionEn: requiredText(500),
  answerRu: requiredText(10_000),
  answerEn: requiredText(10_000),
});
export const adminFaqBody = z.object({ items: z.array(faqItem).max(100) });
export type AdminFaqItem = z.infer<typeof faqItem>;
const faqOut = z.object({ questionRu: z.string(), questionEn: z.string(), answerRu: z.string(), answerEn: z.string() });
export const adminPagesSchema = z.object({ pages: z.array(pageOut), faq: z.array(faqOut) });
export type AdminPages = z.infer<typeof adminPagesSchema>;

export const adminSeoBody = z.object({
  metaTitleRu: text(300),
  metaTitleEn: text(300),
  metaDescriptionRu: text(500),
  metaDescriptionEn: text(500),
  keywordsRu: text(500),
  keywordsEn: text(500),
  siteHeaderRu: text(300),
  siteHeaderEn: text(300),
  textTitleRu: text(300),
  textTitleEn: text(300),
  textBodyRu: text(50_000),
  textBodyEn: text(50_000),
});
export const adminSeoSchema = z.object({
  giveCode: z.string(),
  getCode: z.string(),
  metaTitleRu: z.string(),
  metaTitleEn: z.string(),
  metaDescriptionRu: z.string(),
  metaDescriptionEn: z.string(),
  keywordsRu: z.string(),
  keywordsEn: z.string(),
  siteHeaderRu: z.string(),
  siteHeaderEn: z.string(),
  textTitleRu: z.string(),
  textTitleEn: z.string(),
  textBodyRu: z.string(),
  textBodyEn: z.string(),
  updatedAt: z.string(),
});
export type AdminSeo = z.infer<typeof adminSeoSchema>;
export const adminPairParams = z.object({ give: currencyCode, get: currencyCode });

/** Markdown rendered exactly as visitors will see it. */
export const adminPreviewBody = z.object({ markdown: z.string().max(100_000, 'validation.maxLength') });
export const adminPreviewSchema = z.object({ html: z.string() });
