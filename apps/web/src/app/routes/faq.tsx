import { ContentPage } from '../../features/content/components/content-page';
import { FaqList } from '../../features/content/components/faq-list';
import { SupportPrompt } from '../../features/content/components/support-prompt';
import { useLanguage } from '../../hooks/use-language';

export function Component() {
  const lang = useLanguage();
  return (
    <ContentPage slug="faq" lang={lang} textStyle="lead">
      {(page) => (
        <>
          <FaqList items={page.faq} />
          <SupportPrompt lang={lang} />
        </>
      )}
    </ContentPage>
  );
}
