import { useEffect, useId, useState, type DragEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Navigate, useNavigate } from 'react-router';
import type { Ticket } from '@obmen/shared/contracts';
import { usePagePath } from '../../../lib/embed-frame';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useLanguage } from '../../../hooks/use-language';
import { ApiError } from '../../../lib/api-client';
import { reportError } from '../../../lib/report-error';
import { formatDuration } from '../../../hooks/use-time-left';
import { useTicket } from '../api/get-ticket';
import { usePaymentWindow } from '../hooks/use-payment-window';
import { useUploadCardImage } from '../api/upload-card-image';
import { CancelTicket } from './cancel-ticket';
import { ExchangeSummary } from './exchange-summary';
import { TicketLink } from './ticket-link';
import { TicketLoadError } from './ticket-load-error';
import { TicketSteps } from './ticket-steps';
import styles from './card-check.module.css';

/** What the server takes (it judges by content; this only saves a pointless upload). */
const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * Card check (spec §4): a photo of the card the client will pay from, sent with a preview and
 * progress; then 'card on verification'. Other states of the ticket lead to their own pages.
 */
export function CardCheck({ id }: { id: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const pagePath = usePagePath();
  const ticket = useTicket(id, lang);
  if (ticket.isPending) return <Spinner label={t('common.loading')} />;
  if (ticket.isError) return <TicketLoadError error={ticket.error} onRetry={() => void ticket.refetch()} />;
  const data = ticket.data;
  if (data.status !== 'card_check') return <Navigate to={pagePath(lang, 'payment_info', { id })} replace />;
  if (data.cardCheck.status === 'pending') return <Navigate to={pagePath(lang, 'card_verify', { id })} replace />;
  return <CardUpload ticket={data} onDeadline={() => void ticket.refetch()} />;
}

function CardUpload({ ticket, onDeadline }: { ticket: Ticket; onDeadline: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const pagePath = usePagePath();
  const navigate = useNavigate();
  const inputId = useId();
  const upload = useUploadCardImage(ticket.id, lang);
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const file = chosen?.file ?? null;
  const preview = chosen?.preview ?? null;
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [dragging, setDragging] = useState(false);
  // The photo has a window of its own (issue 33): when it ends, the ticket is asked for again and
  // the server, which has cancelled it, says so.
  const { left, deadline } = usePaymentWindow(ticket.paymentDeadline, onDeadline);

  // A preview's object URL holds the file in memory until it is let go.
  useEffect(
    () => () => {
      if (chosen) URL.revokeObjectURL(chosen.preview);
    },
    [chosen],
  );

  const choose = (picked: File | undefined) => {
    upload.reset();
    setProgress(0);
    if (!picked) return;
    if (picked.type && !ACCEPTED_TYPES.includes(picked.type)) {
      setProblem(t('upload.unsupported'));
      return;
    }
    if (picked.size > MAX_BYTES) {
      setProblem(t('upload.tooLarge'));
      return;
    }
    setProblem(null);
    setChosen({ file: picked, preview: URL.createObjectURL(picked) });
  };

  const send = async () => {
    if (!file) {
      setProblem(t('upload.missing'));
      return;
    }
    setProblem(null);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      void navigate(pagePath(lang, 'card_verify', { id: ticket.id }));
    } catch (error) {
      setProgress(0);
      if (error instanceof ApiError && error.errorMessage) setProblem(error.errorMessage);
      else reportError('uploading a card photo failed', error);
    }
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const percent = Math.round(progress * 100);
  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <TicketSteps current={3} />
        <h1 className={styles.title}>{t('cardCheck.title', { number: ticket.number })}</h1>
        <p className={styles.intro}>{t('cardCheck.intro')}</p>
        {deadline !== null && (
          <p className={styles.intro} data-testid="card-check-deadline">
            {t('cardCheck.deadline', { left: formatDuration(left) })}
          </p>
        )}
        <ol className={styles.rules}>
          <li>{t('cardCheck.ruleCard')}</li>
          <li>{t('cardCheck.ruleNote', { number: ticket.number })}</li>
          <li>{t('cardCheck.ruleDigits')}</li>
          <li>{t('cardCheck.ruleFormat')}</li>
        </ol>

        <label
          htmlFor={inputId}
          className={`${styles.drop} ${dragging ? styles.dragging : ''} ${problem ? styles.invalid : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          {preview ? (
            <img className={styles.preview} src={preview} alt={t('cardCheck.previewAlt')} />
          ) : (
            <span className={styles.dropIcon} aria-hidden="true">
              ⬆
            </span>
          )}
          <span className={styles.dropText}>
            {file ? file.name : t('cardCheck.choose')}
            <span className={styles.dropHint}>{file ? t('cardCheck.chooseOther') : t('cardCheck.chooseHint')}</span>
          </span>
          <input
            id={inputId}
            className={styles.input}
            type="file"
            accept={ACCEPTED_TYPES.join(',')}
            aria-describedby={problem ? `${inputId}-problem` : undefined}
            aria-invalid={problem ? true : undefined}
            disabled={upload.isPending}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
        <div id={`${inputId}-problem`}>
          <FormAlert messages={problem ? [problem] : []} />
        </div>
        {upload.isPending && (
          <div className={styles.progress}>
            <label htmlFor={`${inputId}-progress`}>{t('cardCheck.uploading', { percent })}</label>
            <progress id={`${inputId}-progress`} max={100} value={percent} />
          </div>
        )}
        <div className={styles.actions}>
          <CancelTicket ticket={ticket} />
          <Button
            onClick={() => void send()}
            loading={upload.isPending}
            loadingText={t('cardCheck.sending')}
            disabled={!file}
          >
            {t('cardCheck.send')}
          </Button>
        </div>
      </div>
      <aside className={styles.aside}>
        <ExchangeSummary give={ticket.give} get={ticket.get} rate={ticket.rate} fixed={ticket.fixed} />
        <TicketLink ticket={ticket} />
      </aside>
    </div>
  );
}
