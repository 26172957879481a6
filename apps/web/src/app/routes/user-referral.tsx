import { useTranslation } from '../../lib/i18n';
import { REFERRAL_TERMS } from '@obmen/shared/contracts';
import { Spinner } from '../../components/ui/spinner';
import { Button } from '../../components/ui/button';
import { useSession } from '../../features/auth/hooks/use-session';
import { useReferralSummary } from '../../features/referral/api/get-summary';
import { ChargesTable } from '../../features/referral/components/charges-table';
import { PayoutPanel } from '../../features/referral/components/payout-panel';
import { PayoutsTable } from '../../features/referral/components/payouts-table';
import { ProgrammeTerms } from '../../features/referral/components/programme-terms';
import { ReferralFigures } from '../../features/referral/components/referral-figures';
import { ReferralLinkCard } from '../../features/referral/components/referral-link-card';
import { useLanguage } from '../../hooks/use-language';
import { formatAmount } from '../../lib/format-amount';
import type { Lang } from '@obmen/shared/i18n';
import styles from './user-area.module.css';
import { PageMeta } from '../../components/page-meta';

function ReferralProgramme({ owner, lang }: { owner: string; lang: Lang }) {
  const { t } = useTranslation();
  const { data: summary, isPending, isError, refetch } = useReferralSummary(owner, lang);
  if (isPending) return <Spinner label={t('common.loading')} />;
  if (isError) {
    return (
      <div className={styles.failed} role="alert">
        <p>{t('referralPage.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.stack}>
      <ReferralLinkCard summary={summary} />
      <ReferralFigures summary={summary} lang={lang} />
      <div className={styles.columns}>
        <PayoutPanel owner={owner} lang={lang} summary={summary} />
        <ProgrammeTerms summary={summary} lang={lang} />
      </div>
      <ChargesTable owner={owner} lang={lang} />
      <PayoutsTable owner={owner} lang={lang} />
    </div>
  );
}

function Page() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { token } = useSession();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('referralPage.title')}</h1>
        <p className={styles.intro}>
          {t('referralPage.intro', { reward: formatAmount(REFERRAL_TERMS.rewardPercent, lang) })}
        </p>
      </header>
      {/* The guard lets only logged-in users here; the session's token keys their data. */}
      {token && <ReferralProgramme owner={token} lang={lang} />}
    </div>
  );
}

/** A page of one person's own, never indexed; the browser draws it. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={`${t('referralPage.title')} — Obmen`} noindex />
      <Page />
    </>
  );
}
