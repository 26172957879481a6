import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { reviewLinksUpdate, type ReceiptKeys, type ReviewLink } from '@obmen/shared/contracts';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { reportError } from '../../lib/report-error';
import { adminQueryOptions, useAdminMutation } from '../api/resources';
import { ConfirmDialog } from '../components/confirm-dialog';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';
import { RowsEditor, rowErrors } from '../components/rows-editor';
import styles from '../components/desk.module.css';
import { useConsoleLanguage } from '../hooks/use-console-language';
import { screenLoader } from '../staff';

const linksRead = adminQueryOptions<ReviewLink[]>('review-links', '/review-links');
const keysRead = adminQueryOptions<ReceiptKeys>('receipt-keys', '/receipt-keys');

export const loader = screenLoader('admin', linksRead, keysRead);
export { ScreenError as ErrorBoundary } from '../components/screen-error';

/** Receipts and reviews (issue 48): the monitors a successful customer is invited to, and the receipts' signing key. */
export function Component() {
  const { t } = useTranslation();
  const links = useQuery(linksRead);
  const keys = useQuery(keysRead);
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('admin.receipts.title')}</h1>
      </div>
      {!links.data ? (
        <QueryState error={links.error} onRetry={() => void links.refetch()} />
      ) : (
        <ReviewLinksForm key={JSON.stringify(links.data)} links={links.data} />
      )}
      {!keys.data ? (
        <QueryState error={keys.error} onRetry={() => void keys.refetch()} />
      ) : (
        <SigningKeys keys={keys.data} />
      )}
    </div>
  );
}

function ReviewLinksForm({ links }: { links: ReviewLink[] }) {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const save = useAdminMutation(['review-links']);
  const [rows, setRows] = useState(links);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = rowErrors(reviewLinksUpdate.shape.links, rows, lang);
    setErrors(found);
    setFormErrors([]);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ method: 'PUT', path: '/review-links', json: { links: rows } });
      notify({ status: 'success', message: t('admin.receipts.saved') });
    } catch (error) {
      if (error instanceof ApiError && (error.parameterErrors || error.errorMessage)) {
        setFormErrors(error.parameterErrors?.flatMap((e) => e.messages) ?? [error.errorMessage!]);
      } else reportError('saving the review links failed', error);
    }
  };
  return (
    <form className={styles.panel} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="review-links">
      <h2 id="review-links" className={styles.subtitle}>
        {t('admin.receipts.reviews')}
      </h2>
      <p className={`${styles.small} ${styles.muted} ${styles.flush}`}>{t('admin.receipts.reviewsHint')}</p>
      <FormAlert messages={formErrors} />
      <RowsEditor
        legend={t('admin.receipts.monitors')}
        rows={rows}
        onChange={setRows}
        columns={[
          { key: 'name', label: t('admin.receipts.name') },
          { key: 'url', label: t('admin.receipts.url'), wide: true },
        ]}
        newRow={() => ({ name: '', url: '' })}
        errors={errors}
        addLabel={t('admin.receipts.add')}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending}>
          {t('admin.common.save')}
        </Button>
      </div>
    </form>
  );
}

function SigningKeys({ keys }: { keys: ReceiptKeys }) {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const rotate = useAdminMutation(['receipt-keys']);
  const [confirming, setConfirming] = useState(false);
  return (
    <section className={styles.panel} aria-labelledby="receipt-keys">
      <h2 id="receipt-keys" className={styles.subtitle}>
        {t('admin.receipts.keys')}
      </h2>
      <p className={`${styles.small} ${styles.muted} ${styles.flush}`}>{t('admin.receipts.keysHint')}</p>
      <ul className={styles.plainList} data-testid="receipt-keys">
        {keys.keys.map((key) => (
          <li key={key.kid}>
            <strong>{key.kid}</strong> ·{' '}
            {key.retiredAt
              ? t('admin.receipts.retired', { date: formatDateTime(key.retiredAt, lang) })
              : t('admin.receipts.active', { date: formatDateTime(key.createdAt, lang) })}
            <br />
            <code className={styles.small}>{key.x}</code>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {t('admin.receipts.rotate')}
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title={t('admin.receipts.rotateConfirm')}
          description={t('admin.receipts.rotateHint')}
          confirmLabel={t('admin.receipts.rotate')}
          onConfirm={async () => {
            await rotate.mutateAsync({ method: 'POST', path: '/receipt-keys/rotate' });
            notify({ status: 'success', message: t('admin.receipts.rotated') });
          }}
        />
      )}
    </section>
  );
}
