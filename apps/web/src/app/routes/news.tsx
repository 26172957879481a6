import { isRouteErrorResponse, useRouteError, useSearchParams } from 'react-router';
import { NewsList, NewsPageNotFound } from '../../features/content/components/news-list';
import { loadNewsPage } from '../../features/content/load-content';
import { newsPageFromSearch } from '../../features/content/news-params';
import { useLanguage } from '../../hooks/use-language';
import type { PageLoader } from '../load-context';
import { RouteError } from './route-error';

export const loader: PageLoader = async ({ request, context }) => {
  await loadNewsPage(
    context.queryClient,
    newsPageFromSearch(new URL(request.url).searchParams.get('page')),
    context.lang,
  );
  return null;
};

export function Component() {
  const lang = useLanguage();
  const [search] = useSearchParams();
  return <NewsList page={newsPageFromSearch(search.get('page'))} lang={lang} />;
}

/** A page past the last one answers 404 with the way back to the first. */
export function ErrorBoundary() {
  const lang = useLanguage();
  const error = useRouteError();
  return isRouteErrorResponse(error) && error.status === 404 ? <NewsPageNotFound lang={lang} /> : <RouteError />;
}
