import { useMatches } from 'react-router';
import type { PageSlug } from '@obmen/shared/contracts';
import { ContentPage } from '../../features/content/components/content-page';
import { useLanguage } from '../../hooks/use-language';

/** About, partner, rules and AML: long-form text from the database, with its table of contents. */
export function Component() {
  const lang = useLanguage();
  const slug = (useMatches().at(-1)?.handle as { page: PageSlug }).page;
  return <ContentPage key={slug} slug={slug} lang={lang} withContents />;
}
