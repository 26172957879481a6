import { useTranslation } from '../../lib/i18n';
import { usePageMatch } from '../../hooks/use-page-match';
import type { PageSlug } from '@obmen/shared/contracts';
import { ContentPage } from '../../features/content/components/content-page';
import { PagePrompt } from '../../features/content/components/page-prompt';
import { loadContentPage } from '../../features/content/load-content';
import { useLanguage } from '../../hooks/use-language';
import { matchPageRoute } from '@obmen/shared/routing';
import type { PageLoader } from '../load-context';

export const loader: PageLoader = async ({ request, context }) => {
  const slug = matchPageRoute(new URL(request.url).pathname)?.name as PageSlug;
  await loadContentPage(context.queryClient, slug, context.lang);
  return null;
};

/** About, partner, rules and AML: long-form text from the database, with its table of contents. */
export function Component() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const slug = usePageMatch()?.name as PageSlug;
  return (
    <ContentPage key={slug} slug={slug} lang={lang} withContents>
      {() =>
        slug === 'partner' && (
          // The user area's guard sends a visitor to log in first and then on to the link.
          <PagePrompt
            title={t('content.partner.title')}
            text={t('content.partner.text')}
            to={`/${lang}/user/referral`}
            action={t('content.partner.action')}
          />
        )
      }
    </ContentPage>
  );
}
