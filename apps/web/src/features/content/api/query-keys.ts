import type { PageSlug } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';

export const contentKeys = {
  all: ['content'] as const,
  page: (slug: PageSlug, lang: Lang) => [...contentKeys.all, 'page', slug, lang] as const,
  newsList: (page: number, lang: Lang) => [...contentKeys.all, 'news', 'list', page, lang] as const,
  newsItem: (id: string, lang: Lang) => [...contentKeys.all, 'news', 'item', id, lang] as const,
};
