import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { TELEGRAM_ALERT_KINDS, type StaffTelegram, type TelegramAlertSettings } from '@obmen/shared/admin';
import type { TelegramDeepLink } from '@obmen/shared/contracts';
import { Button } from '../../components/ui/button';
import { notify } from '../../lib/notify';
import { reportError } from '../../lib/report-error';
import { adminQueryOptions, useAdminMutation } from '../api/resources';
import { Badge } from '../components/badges';
import { CheckboxField, TextAreaField } from '../components/fields';
import { QueryState } from '../components/query-state';
import styles from '../components/desk.module.css';
import { screenLoader, useStaff } from '../staff';

const telegramRead = adminQueryOptions<StaffTelegram>('telegram', '/telegram');

export const loader = screenLoader('operator', telegramRead);
export { ScreenError as ErrorBoundary } from '../components/screen-error';

/** Telegram (issue 46): this staff member's chat for alerts, and (admins) which alerts go out. */
export function Component() {
  const { t } = useTranslation();
  const state = useQuery(telegramRead);
  const staff = useStaff();
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('admin.telegram.title')}</h1>
      </div>
      {!state.data ? (
        <QueryState error={state.error} onRetry={() => void state.refetch()} />
      ) : !state.data.enabled ? (
        <p className={styles.muted}>{t('admin.telegram.off')}</p>
      ) : (
        <>
          <MyChat state={state.data} />
          <AlertSettings
            key={JSON.stringify(state.data.settings)}
            settings={state.data.settings}
            admin={staff.role === 'admin'}
          />
        </>
      )}
    </div>
  );
}

export function MyChat({ state }: { state: StaffTelegram }) {
  const { t } = useTranslation();
  const change = useAdminMutation<TelegramDeepLink | StaffTelegram>(['telegram']);
  const [url, setUrl] = useState<string | null>(null);
  const makeLink = () =>
    change.mutate(
      { method: 'POST', path: '/telegram/link' },
      {
        onSuccess: (made) => {
          const link = (made as TelegramDeepLink).url;
          setUrl(link);
          window.open(link, '_blank', 'noopener,noreferrer');
        },
        onError: (error) => reportError('telegram link', error),
      },
    );
  return (
    <section className={styles.panel} aria-labelledby="telegram-mine">
      <h2 id="telegram-mine" className={styles.subtitle}>
        {t('admin.telegram.mine')}{' '}
        {state.linked ? (
          <Badge tone="success">{t('admin.telegram.linked')}</Badge>
        ) : (
          <Badge tone="neutral">{t('admin.telegram.notLinked')}</Badge>
        )}
      </h2>
      <p className={styles.muted}>{t('admin.telegram.mineHint', { bot: `@${state.botUsername ?? ''}` })}</p>
      {url && !state.linked && (
        <p>
          <a href={url} target="_blank" rel="noopener noreferrer">
            {t('admin.telegram.open')}
          </a>{' '}
          <span className={styles.muted}>{t('admin.telegram.openHint')}</span>
        </p>
      )}
      <div className={styles.actions}>
        <Button type="button" variant="secondary" disabled={change.isPending} onClick={makeLink}>
          {t(state.linked ? 'admin.telegram.relink' : 'admin.telegram.link')}
        </Button>
        {state.linked && (
          <Button
            type="button"
            variant="secondary"
            disabled={change.isPending}
            onClick={() =>
              change.mutate(
                { method: 'DELETE', path: '/telegram/link' },
                { onError: (error) => reportError('telegram unlink', error) },
              )
            }
          >
            {t('admin.telegram.unlink')}
          </Button>
        )}
      </div>
    </section>
  );
}

/** `BTC 0.5` a line ⇄ { BTC: '0.5' }. */
const thresholdsText = (below: Record<string, string>) =>
  Object.entries(below)
    .map(([code, amount]) => `${code} ${amount}`)
    .join('\n');

function parseThresholds(text: string): Record<string, string> | null {
  const below: Record<string, string> = {};
  for (const line of text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const match = /^([A-Z0-9]{2,20})\s+(\d{1,20}(?:\.\d{1,18})?)$/.exec(line);
    if (!match) return null;
    below[match[1]!] = match[2]!;
  }
  return below;
}

/** Which alerts go out, and the reserves' thresholds: admins change them, operators read them. */
export function AlertSettings({ settings, admin }: { settings: TelegramAlertSettings; admin: boolean }) {
  const { t } = useTranslation();
  const save = useAdminMutation(['telegram']);
  const [kinds, setKinds] = useState(settings.kinds);
  const [thresholds, setThresholds] = useState(thresholdsText(settings.reserveBelow));
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    const reserveBelow = parseThresholds(thresholds);
    if (!reserveBelow) return setError(t('admin.telegram.thresholdsInvalid'));
    setError(undefined);
    save.mutate(
      { method: 'PUT', path: '/telegram/alerts', json: { kinds, reserveBelow } },
      {
        onSuccess: () => notify({ status: 'success', message: t('admin.telegram.saved') }),
        onError: (err) => reportError('saving telegram alerts', err),
      },
    );
  };
  return (
    <section className={styles.panel} aria-labelledby="telegram-alerts">
      <h2 id="telegram-alerts" className={styles.subtitle}>
        {t('admin.telegram.alerts')}
      </h2>
      <p className={styles.muted}>{t(admin ? 'admin.telegram.alertsHint' : 'admin.telegram.alertsAdminOnly')}</p>
      <fieldset className={styles.form}>
        <legend className="visually-hidden">{t('admin.telegram.alerts')}</legend>
        {TELEGRAM_ALERT_KINDS.map((kind) => (
          <CheckboxField
            key={kind}
            id={`telegram-kind-${kind}`}
            label={t(`admin.telegram.kinds.${kind}`)}
            checked={kinds[kind]}
            disabled={!admin}
            onChange={(event) => setKinds({ ...kinds, [kind]: event.target.checked })}
          />
        ))}
        <TextAreaField
          id="telegram-thresholds"
          label={t('admin.telegram.thresholds')}
          hint={t('admin.telegram.thresholdsHint')}
          error={error}
          rows={4}
          readOnly={!admin}
          value={thresholds}
          onChange={(event) => setThresholds(event.target.value)}
        />
        {admin && (
          <div className={styles.actions}>
            <Button type="button" disabled={save.isPending} onClick={submit}>
              {t('admin.telegram.save')}
            </Button>
          </div>
        )}
      </fieldset>
    </section>
  );
}
