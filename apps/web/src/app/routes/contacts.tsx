import { ContactChannels } from '../../features/content/components/contact-channels';
import { ContentPage } from '../../features/content/components/content-page';
import { useLanguage } from '../../hooks/use-language';

export function Component() {
  const lang = useLanguage();
  return <ContentPage slug="contacts" lang={lang} intro={<ContactChannels />} />;
}
