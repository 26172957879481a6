import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Receipt } from '@obmen/shared/contracts';
import { pagePath } from '@obmen/shared/routing';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useLanguage } from '../../../hooks/use-language';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { RECEIPT_KEYS_PATH } from '../api/get-receipt-keys';
import { useReceipt } from '../api/get-receipt';
import { saveReceiptFile } from './receipt-file';
import styles from './receipts.module.css';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** What a receipt states, as the printable page and the verify page show it: the signed values as they are. */
export function ReceiptFacts({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const time = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso, lang, 'long')}</time> : '—');
  return (
    <dl className={styles.list}>
      <Row label={t('ticketReceipt.site')}>{receipt.site}</Row>
      <Row label={t('ticketReceipt.give')}>
        {receipt.give.amount} {receipt.give.currency}
      </Row>
      <Row label={t('ticketReceipt.get')}>
        {receipt.get.amount} {receipt.get.currency}
      </Row>
      <Row label={t('ticketReceipt.rate')}>
        {t('ticketReceipt.rateValue', { give: receipt.give.currency, rate: receipt.rate, get: receipt.get.currency })}
      </Row>
      <Row label={t('ticketReceipt.depositTx')}>
        {receipt.txids.deposit.length > 0
          ? receipt.txids.deposit.map((txid) => (
              <code key={txid} className={styles.code}>
                {txid}
              </code>
            ))
          : t('ticketReceipt.none')}
      </Row>
      <Row label={t('ticketReceipt.payoutTx')}>
        {receipt.txids.payout ? <code className={styles.code}>{receipt.txids.payout}</code> : t('ticketReceipt.none')}
      </Row>
      <Row label={t('ticketReceipt.created')}>{time(receipt.createdAt)}</Row>
      <Row label={t('ticketReceipt.paid')}>{time(receipt.paidAt)}</Row>
      <Row label={t('ticketReceipt.completed')}>{time(receipt.completedAt)}</Row>
    </dl>
  );
}

/** The printable receipt of a successful ticket, with its signature, a print button and the JSON file. */
export function ReceiptSheet({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const signed = useReceipt(ticketId, lang);
  const back = (
    <Link className={styles.link} to={pagePath(lang, 'ticket_info', { id: ticketId })}>
      {t('ticketReceipt.back')}
    </Link>
  );
  if (signed.isPending) return <Spinner label={t('common.loading')} />;
  if (signed.isError) {
    const message = signed.error instanceof ApiError ? signed.error.errorMessage : null;
    return (
      <div className={styles.page}>
        <p role="alert">{message ?? t('ticketReceipt.downloadFailed')}</p>
        <div className={styles.actions}>{back}</div>
      </div>
    );
  }
  const { receipt, signature } = signed.data;
  return (
    <div className={styles.page}>
      <article className={`${styles.box} ${styles.sheet}`} data-testid="receipt-sheet">
        <h1 className={styles.heading}>{t('ticketReceipt.title', { number: receipt.ticket })}</h1>
        <ReceiptFacts receipt={receipt} />
        <h2 className={styles.title}>{t('ticketReceipt.signature')}</h2>
        <p className={styles.hint}>
          {t('ticketReceipt.signatureHint', { keyId: signature.keyId, path: `${receipt.site}${RECEIPT_KEYS_PATH}` })}
        </p>
        <code className={styles.code}>{signature.value}</code>
        <div className={styles.actions}>
          <Button onClick={() => window.print()}>{t('ticketReceipt.print')}</Button>
          <Button variant="secondary" onClick={() => saveReceiptFile(signed.data)}>
            {t('ticketReceipt.download')}
          </Button>
          <Link className={styles.link} to={pagePath(lang, 'verify')}>
            {t('ticketReceipt.verify')}
          </Link>
          {back}
        </div>
      </article>
    </div>
  );
}
