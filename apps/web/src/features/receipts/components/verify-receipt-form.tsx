import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { ReceiptVerdict } from '@obmen/shared/contracts';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { useLanguage } from '../../../hooks/use-language';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { useVerifyReceipt } from '../api/verify-receipt';
import styles from './receipts.module.css';

function Verdict({ verdict }: { verdict: ReceiptVerdict }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const receipt = verdict.receipt;
  return (
    <div className={`${styles.verdict} ${verdict.valid ? styles.valid : styles.invalid}`} data-testid="verdict">
      <strong>{t(verdict.valid ? 'verify.validTitle' : 'verify.invalidTitle')}.</strong>{' '}
      {t(`receiptVerdict.${verdict.reason}`)}
      {receipt && (
        <p className={styles.hint}>
          {t('verify.proves', {
            number: receipt.ticket,
            give: `${receipt.give.amount} ${receipt.give.currency}`,
            get: `${receipt.get.amount} ${receipt.get.currency}`,
            completed: formatDateTime(receipt.completedAt, lang, 'long'),
          })}
        </p>
      )}
    </div>
  );
}

/**
 * A receipt pasted or read from its file, checked by the server (one rule, one place): the
 * verdict says valid or not, and why, in the page's language.
 */
export function VerifyReceiptForm() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const verify = useVerifyReceipt(lang);
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const content = await file.text();
    setText(content);
    setEmpty(false);
    verify.mutate(content);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    verify.mutate(text);
  }

  const failure = verify.error instanceof ApiError ? verify.error.errorMessage : null;
  return (
    <form className={styles.box} onSubmit={submit} noValidate>
      <label htmlFor="receipt-text" className={styles.title}>
        {t('verify.label')}
      </label>
      <textarea
        id="receipt-text"
        className={styles.textarea}
        value={text}
        spellCheck={false}
        aria-invalid={empty || undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <label className={styles.hint}>
        {t('verify.file')}{' '}
        <input type="file" accept=".json,application/json,text/plain" onChange={(event) => void readFile(event)} />
      </label>
      <FormAlert messages={empty ? [t('verify.empty')] : failure ? [failure] : []} />
      <div className={styles.actions}>
        <Button type="submit" loading={verify.isPending} loadingText={t('verify.checking')}>
          {t('verify.submit')}
        </Button>
      </div>
      <div aria-live="polite">{verify.data && !verify.isPending && <Verdict verdict={verify.data} />}</div>
    </form>
  );
}
