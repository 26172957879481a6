import { PageMeta } from '../../components/page-meta';
import { receiptKeysQueryOptions } from '../../features/receipts/api/get-receipt-keys';
import { ReceiptKeysList } from '../../features/receipts/components/receipt-keys-list';
import { VerifyReceiptForm } from '../../features/receipts/components/verify-receipt-form';
import styles from '../../features/receipts/components/receipts.module.css';
import { useTranslation } from '../../lib/i18n';
import type { PageLoader } from '../load-context';

// The published keys are part of the page the server draws; the check itself is the API's (issue 48).
export const loader: PageLoader = async ({ context }) => {
  await context.queryClient.ensureQueryData(receiptKeysQueryOptions());
  return null;
};

/** /verify: anyone checks a receipt of this exchanger, and sees the keys it is checked against. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={`${t('verify.title')} — Obmen`} description={t('verify.intro')} />
      <div className={styles.page}>
        <h1 className={styles.heading}>{t('verify.title')}</h1>
        <p className={styles.hint}>{t('verify.intro')}</p>
        <VerifyReceiptForm />
        <ReceiptKeysList />
      </div>
    </>
  );
}
