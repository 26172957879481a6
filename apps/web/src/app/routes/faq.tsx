import { useTranslation } from '../../lib/i18n';
import { ContentPage } from '../../features/content/components/content-page';
import { FaqList } from '../../features/content/components/faq-list';
import { PagePrompt } from '../../features/content/components/page-prompt';
import { loadContentPage } from '../../features/content/load-content';
import { useLanguage } from '../../hooks/use-language';
import type { PageLoader } from '../load-context';

export const loader: PageLoader = async ({ context }) => {
  await loadContentPage(context.queryClient, 'faq', context.lang);
  return null;
};

export function Component() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <ContentPage slug="faq" lang={lang} textStyle="lead">
      {(page) => (
        <>
          <FaqList items={page.faq} />
          <PagePrompt
            title={t('content.faq.moreTitle')}
            text={t('content.faq.moreText')}
            to={`/${lang}/contacts`}
            action={t('content.faq.moreAction')}
          />
        </>
      )}
    </ContentPage>
  );
}
