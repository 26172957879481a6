import type { ComponentType } from 'react';
import type { Lang } from '@obmen/shared/i18n';
import { PageMeta } from '../../components/page-meta';
import { useSession } from '../../features/auth/hooks/use-session';
import { EmbedOriginsSection } from '../../features/partners/embed/components/embed-origins-section';
import { KeysSection } from '../../features/partners/components/keys-section';
import { ReportsSection } from '../../features/partners/components/reports-section';
import { WebhooksSection } from '../../features/partners/webhooks/components/webhooks-section';
import { useLanguage } from '../../hooks/use-language';
import { useTranslation } from '../../lib/i18n';
import styles from './user-area.module.css';

/** A section of the partner's page: each feature's part, drawn for the signed-in partner. */
type PartnerSection = ComponentType<{ owner: string; lang: Lang }>;

/** The page is this list, in order; a partner feature joins it with one line (issue 47). */
const SECTIONS: readonly PartnerSection[] = [KeysSection, WebhooksSection, EmbedOriginsSection, ReportsSection];

function Page() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { token } = useSession();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('partnerPage.title')}</h1>
        <p className={styles.intro}>{t('partnerPage.intro')}</p>
        <p className={styles.intro}>{t('partnerPage.docsHint')}</p>
      </header>
      {/* The guard lets only logged-in users here; the session's token keys their data. */}
      {token && (
        <div className={styles.stack}>
          {SECTIONS.map((Section, i) => (
            <Section key={i} owner={token} lang={lang} />
          ))}
        </div>
      )}
    </div>
  );
}

/** A page of one person's own, never indexed; the browser draws it. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={`${t('partnerPage.title')} — Obmen`} noindex />
      <Page />
    </>
  );
}
