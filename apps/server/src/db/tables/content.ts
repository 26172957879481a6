import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { updatedAt } from './columns';

// Content: pages, FAQ, news.

/** The public pages (about, partner, rules, aml, faq, contacts) in both languages, Markdown. */
export const pages = pgTable('pages', {
  slug: text('slug').primaryKey(),
  titleRu: text('title_ru').notNull(),
  titleEn: text('title_en').notNull(),
  metaTitleRu: text('meta_title_ru').notNull(),
  metaTitleEn: text('meta_title_en').notNull(),
  metaDescriptionRu: text('meta_description_ru').notNull(),
  metaDescriptionEn: text('meta_description_en').notNull(),
  bodyRu: text('body_ru').notNull(),
  bodyEn: text('body_en').notNull(),
  updatedAt: updatedAt(),
});

export const faqItems = pgTable('faq_items', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  position: integer('position').notNull(),
  questionRu: text('question_ru').notNull(),
  questionEn: text('question_en').notNull(),
  answerRu: text('answer_ru').notNull(),
  answerEn: text('answer_en').notNull(),
  updatedAt: updatedAt(),
});

export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 1 }),
    slug: text('slug').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    titleRu: text('title_ru').notNull(),
    titleEn: text('title_en').notNull(),
    summaryRu: text('summary_ru').notNull(),
    summaryEn: text('summary_en').notNull(),
    bodyRu: text('body_ru').notNull(),
    bodyEn: text('body_en').notNull(),
    published: boolean('published').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('news_slug').on(t.slug), index('news_published').on(t.publishedAt)],
);
