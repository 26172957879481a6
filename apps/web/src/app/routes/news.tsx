import { useSearchParams } from 'react-router';
import { NewsList } from '../../features/content/components/news-list';
import { newsPageFromSearch } from '../../features/content/news-params';
import { useLanguage } from '../../hooks/use-language';

export function Component() {
  const lang = useLanguage();
  const [search] = useSearchParams();
  return <NewsList page={newsPageFromSearch(search.get('page'))} lang={lang} />;
}
