import { useTranslation } from '../../lib/i18n';
import { usePageMatch } from '../../hooks/use-page-match';
import type { PageSlug } from '@obmen/shared/contracts';
import { ContentPage } from '../../features/content/components/content-page';
import { PagePrompt } from '../../features/content/components/page-prompt';
import { useLanguage } from '../../hooks/use-language';

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
