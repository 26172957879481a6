import { useState, type FormEvent } from 'react';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_EVENTS,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookSecret,
} from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { Button } from '../../../../components/ui/button';
import { CopyButton } from '../../../../components/ui/copy-button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { Spinner } from '../../../../components/ui/spinner';
import { TextField } from '../../../../components/ui/text-field';
import { ApiError } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format-date';
import { useTranslation } from '../../../../lib/i18n';
import { useCreateWebhook } from '../api/create-webhook';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/list-webhooks';
import { usePauseWebhook } from '../api/pause-webhook';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { DeliveryLog } from './delivery-log';
import styles from './webhooks.module.css';

const eventKey = (event: WebhookEvent) => `webhooks.event.${event.slice('ticket.'.length)}`;

/** What went wrong, in the server's words (its message is in the page language). */
function errorMessages(error: unknown, fallback: string): string[] {
  if (!(error instanceof ApiError)) return error ? [fallback] : [];
  const fields = error.parameterErrors?.flatMap((field) => field.messages);
  return fields?.length ? fields : [error.errorMessage ?? fallback];
}

/** The secret, once: after "I have saved it" it is gone from the page for good. */
function SecretOnce({ shown, onDone }: { shown: WebhookSecret; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.secret} role="status" data-testid="webhook-secret">
      <strong>{t('webhooks.secretTitle', { url: shown.endpoint.url })}</strong>
      <p className={styles.secretValue}>{shown.secret}</p>
      <p className={styles.muted}>{t('webhooks.secretOnce')}</p>
      <div className={styles.actions}>
        <CopyButton
          text={shown.secret}
          label={t('webhooks.copySecret')}
          copiedMessage={t('webhooks.secretCopied')}
          showLabel
        />
        <Button variant="secondary" onClick={onDone}>
          {t('webhooks.secretDone')}
        </Button>
      </div>
    </div>
  );
}

function EndpointItem({
  owner,
  lang,
  endpoint,
  onSecret,
}: {
  owner: string;
  lang: Lang;
  endpoint: WebhookEndpoint;
  onSecret: (shown: WebhookSecret) => void;
}) {
  const { t } = useTranslation();
  const [logOpen, setLogOpen] = useState(false);
  const pause = usePauseWebhook(owner);
  const rotate = useRotateWebhookSecret(owner);
  const remove = useDeleteWebhook(owner);
  const status =
    endpoint.pausedBy === 'failing'
      ? t('webhooks.pausedFailing', { count: endpoint.consecutiveFailures })
      : endpoint.pausedBy === 'partner'
        ? t('webhooks.pausedByPartner')
        : t('webhooks.active');
  return (
    <li className={styles.endpoint} data-testid="webhook-endpoint">
      <p className={styles.url}>{endpoint.url}</p>
      <p className={endpoint.pausedBy === 'failing' ? styles.failing : styles.muted}>
        {status} · {endpoint.events.map((event) => t(eventKey(event))).join(', ')}
      </p>
      {endpoint.previousSecretUntil && (
        <p className={styles.muted}>
          {t('webhooks.previousUntil', { date: formatDateTime(endpoint.previousSecretUntil, lang) })}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          loading={pause.isPending}
          onClick={() => pause.mutate({ id: endpoint.id, paused: endpoint.pausedBy === null })}
        >
          {endpoint.pausedBy === null ? t('webhooks.pause') : t('webhooks.resume')}
        </Button>
        <Button
          variant="secondary"
          loading={rotate.isPending}
          onClick={() => rotate.mutate({ id: endpoint.id, overlapHours: 24 }, { onSuccess: onSecret })}
        >
          {t('webhooks.rotate')}
        </Button>
        <Button variant="secondary" aria-expanded={logOpen} onClick={() => setLogOpen(!logOpen)}>
          {logOpen ? t('webhooks.hideLog') : t('webhooks.showLog')}
        </Button>
        <Button
          variant="secondary"
          loading={remove.isPending}
          onClick={() => {
            if (window.confirm(t('webhooks.confirmDelete', { url: endpoint.url }))) remove.mutate(endpoint.id);
          }}
        >
          {t('webhooks.delete')}
        </Button>
      </div>
      {logOpen && <DeliveryLog owner={owner} lang={lang} endpointId={endpoint.id} />}
    </li>
  );
}

/**
 * A partner's webhooks (issue 47): its endpoints with their state, adding one (its secret shown
 * once), pausing, a new secret with a day's overlap, and each endpoint's delivery log.
 */
export function WebhooksSection({ owner, lang }: { owner: string; lang: Lang }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useWebhooks(owner);
  const create = useCreateWebhook(owner);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [shown, setShown] = useState<WebhookSecret | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url, events },
      {
        onSuccess: (created) => {
          setShown(created);
          setUrl('');
        },
      },
    );
  };
  const toggle = (name: WebhookEvent) =>
    setEvents((chosen) => (chosen.includes(name) ? chosen.filter((e) => e !== name) : [...chosen, name]));

  return (
    <section className={styles.card} aria-labelledby="partner-webhooks-title">
      <h2 id="partner-webhooks-title" className={styles.title}>
        {t('webhooks.title')}
      </h2>
      <p className={styles.muted}>{t('webhooks.intro')}</p>
      {shown && <SecretOnce shown={shown} onDone={() => setShown(null)} />}
      {isPending && <Spinner label={t('common.loading')} />}
      {isError && <p className={styles.muted}>{t('webhooks.loadFailed')}</p>}
      {data && data.length === 0 && <p className={styles.muted}>{t('webhooks.empty')}</p>}
      {data && data.length > 0 && (
        <ul className={styles.endpoints}>
          {data.map((endpoint) => (
            <EndpointItem key={endpoint.id} owner={owner} lang={lang} endpoint={endpoint} onSecret={setShown} />
          ))}
        </ul>
      )}
      {data && data.length < MAX_WEBHOOK_ENDPOINTS && (
        <form className={styles.form} onSubmit={submit} noValidate>
          <TextField
            id="webhook-url"
            type="url"
            inputMode="url"
            label={t('webhooks.url')}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            hint={t('webhooks.limit', { max: MAX_WEBHOOK_ENDPOINTS })}
          />
          <fieldset className={styles.events}>
            <legend>{t('webhooks.events')}</legend>
            {WEBHOOK_EVENTS.map((name) => (
              <label key={name}>
                <input type="checkbox" checked={events.includes(name)} onChange={() => toggle(name)} />{' '}
                {t(eventKey(name))}
              </label>
            ))}
          </fieldset>
          <FormAlert messages={errorMessages(create.error, t('error.unexpected'))} />
          <div className={styles.actions}>
            <Button type="submit" loading={create.isPending} loadingText={t('webhooks.adding')}>
              {t('webhooks.add')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
