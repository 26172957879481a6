import { useLocation, useParams } from 'react-router';
import { NewsArticle } from '../../features/content/components/news-article';
import type { NewsLinkState } from '../../features/content/news-params';
import { useLanguage } from '../../hooks/use-language';

export function Component() {
  const lang = useLanguage();
  const { id = '' } = useParams();
  const state = useLocation().state as Partial<NewsLinkState> | null;
  const fromPage = Number.isInteger(state?.fromPage) && state!.fromPage! > 0 ? state!.fromPage! : 1;
  return <NewsArticle key={id} id={id} lang={lang} fromPage={fromPage} />;
}
