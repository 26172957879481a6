import type { QueryClient } from '@tanstack/react-query';
import type { Lang } from '@obmen/shared/i18n';
import { isServerDrawn, type PageRouteName, type ServerDrawnPage } from '@obmen/shared/routing';
import { prefetchContentPage, prefetchNewsItem, prefetchNewsPage } from '../features/content/prefetch-content';
import { prefetchConverter } from '../features/converter/prefetch-converter';

/** What a page drawn on the server is drawn with: the render's own query cache, and the request. */
export interface PageDataContext {
  queryClient: QueryClient;
  lang: Lang;
  search: URLSearchParams;
  siteOpen: boolean;
}

type Params = Record<string, string | undefined>;

/** The data of the first render of each page the server draws (SERVER_DRAWN_PAGES). */
const PAGE_DATA: Record<ServerDrawnPage, (context: PageDataContext, params: Params) => Promise<unknown>> = {
  home: (c) => prefetchConverter(c.queryClient, { ...c, pairSegment: undefined }),
  home_with_currencies: (c, params) => prefetchConverter(c.queryClient, { ...c, pairSegment: params.pair }),
  news: (c) => prefetchNewsPage(c.queryClient, c.search, c.lang),
  show_news: (c, params) => prefetchNewsItem(c.queryClient, params.id ?? '', c.lang),
  about: (c) => prefetchContentPage(c.queryClient, 'about', c.lang),
  partner: (c) => prefetchContentPage(c.queryClient, 'partner', c.lang),
  rules: (c) => prefetchContentPage(c.queryClient, 'rules', c.lang),
  aml: (c) => prefetchContentPage(c.queryClient, 'aml', c.lang),
  faq: (c) => prefetchContentPage(c.queryClient, 'faq', c.lang),
  contacts: (c) => prefetchContentPage(c.queryClient, 'contacts', c.lang),
};

export async function prefetchPage(context: PageDataContext, name: PageRouteName, params: Params): Promise<void> {
  if (isServerDrawn(name)) await PAGE_DATA[name](context, params);
}
