import { isRouteErrorResponse, useLocation, useParams, useRouteError } from 'react-router';
import { NewsArticle, NewsItemNotFound } from '../../features/content/components/news-article';
import { loadNewsItem } from '../../features/content/load-content';
import type { NewsLinkState } from '../../features/content/news-params';
import { useLanguage } from '../../hooks/use-language';
import type { PageLoader } from '../load-context';
import { RouteError } from './route-error';

export const loader: PageLoader = async ({ params, context }) => {
  await loadNewsItem(context.queryClient, params.id ?? '', context.lang);
  return null;
};

export function Component() {
  const lang = useLanguage();
  const { id = '' } = useParams();
  const state = useLocation().state as Partial<NewsLinkState> | null;
  const fromPage = Number.isInteger(state?.fromPage) && state!.fromPage! > 0 ? state!.fromPage! : 1;
  return <NewsArticle key={id} id={id} lang={lang} fromPage={fromPage} />;
}

/** An id that names no news item answers 404, with the way back to the list. */
export function ErrorBoundary() {
  const lang = useLanguage();
  const error = useRouteError();
  return isRouteErrorResponse(error) && error.status === 404 ? <NewsItemNotFound lang={lang} /> : <RouteError />;
}
