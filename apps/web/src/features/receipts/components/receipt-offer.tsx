import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { pagePath } from '@obmen/shared/routing';
import { Button } from '../../../components/ui/button';
import { useLanguage } from '../../../hooks/use-language';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { receiptQueryOptions } from '../api/get-receipt';
import { saveReceiptFile } from './receipt-file';
import { ReviewInvitation } from './review-invitation';
import styles from './receipts.module.css';

/** On a successful ticket's page: its signed receipt (the printable page and the file), and the review invitation. */
export function ReceiptOffer({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  async function download() {
    setSaving(true);
    try {
      saveReceiptFile(await queryClient.fetchQuery(receiptQueryOptions(ticketId, lang)));
    } catch {
      notify({ status: 'error', message: t('ticketReceipt.downloadFailed') });
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <section className={styles.box} aria-labelledby="receipt-offer" data-testid="receipt-offer">
        <h2 id="receipt-offer" className={styles.title}>
          {t('ticketReceipt.offerTitle')}
        </h2>
        <p className={styles.hint}>{t('ticketReceipt.offerHint')}</p>
        <div className={styles.actions}>
          <Link className={styles.link} to={pagePath(lang, 'ticket_receipt', { id: ticketId })}>
            {t('ticketReceipt.open')}
          </Link>
          <Button variant="secondary" loading={saving} onClick={() => void download()}>
            {t('ticketReceipt.download')}
          </Button>
        </div>
      </section>
      <ReviewInvitation />
    </>
  );
}
