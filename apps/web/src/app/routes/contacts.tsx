import { ContactChannels } from '../../features/content/components/contact-channels';
import { ContentPage } from '../../features/content/components/content-page';
import { loadContentPage } from '../../features/content/load-content';
import { useLanguage } from '../../hooks/use-language';
import type { PageLoader } from '../load-context';

export const loader: PageLoader = async ({ context }) => {
  await loadContentPage(context.queryClient, 'contacts', context.lang);
  return null;
};

export function Component() {
  const lang = useLanguage();
  return <ContentPage slug="contacts" lang={lang} intro={<ContactChannels />} />;
}
