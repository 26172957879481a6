import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { AdminSiteState } from '@obmen/shared/admin';
import { siteStateUpdate } from '@obmen/shared/contracts';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../lib/notify';
import { useContractForm } from '../../lib/use-contract-form';
import { useAdminMutation, adminQueryOptions } from '../api/resources';
import { Badge } from '../components/badges';
import { ConfirmDialog } from '../components/confirm-dialog';
import { TextAreaField, TextField } from '../components/fields';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';
import styles from '../components/desk.module.css';
import { useConsoleLanguage } from '../hooks/use-console-language';
import { AwaitingPaymentWarning } from './awaiting-payment';
import { screenLoader } from '../staff';

const siteStateRead = adminQueryOptions<AdminSiteState>('site-state', '/site-state');

export const loader = screenLoader('operator', siteStateRead);
export { ScreenError as ErrorBoundary } from '../components/screen-error';

/** Maintenance: switch new exchanges off with a notice in both languages, and back on. */
export function Component() {
  const { t } = useTranslation();
  const state = useQuery(siteStateRead);
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('admin.siteState.title')}</h1>
      </div>
      {!state.data ? (
        <QueryState error={state.error} onRetry={() => void state.refetch()} />
      ) : (
        <SiteStateForm key={state.data.updatedAt ?? 'never'} state={state.data} />
      )}
    </div>
  );
}

function SiteStateForm({ state }: { state: AdminSiteState }) {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const save = useAdminMutation(['site-state', 'directions']);
  const [confirming, setConfirming] = useState<null | boolean>(null);
  const form = useContractForm({
    schema: siteStateUpdate,
    defaultValues: {
      convertEnabled: state.convertEnabled,
      headerRu: state.headerRu,
      textRu: state.textRu,
      headerEn: state.headerEn,
      textEn: state.textEn,
    },
    logContext: 'saving the site state',
    onSubmit: async (body) => {
      await save.mutateAsync({ method: 'PUT', path: '/site-state', json: body });
      notify({
        status: 'success',
        message: t(body.convertEnabled ? 'admin.siteState.opened' : 'admin.siteState.closed'),
      });
    },
  });
  const switchTo = (enabled: boolean) => {
    form.setValue('convertEnabled', enabled);
    setConfirming(enabled);
  };
  return (
    <div className={styles.form}>
      <section className={styles.panel} aria-labelledby="site-state-now">
        <h2 id="site-state-now" className={styles.subtitle}>
          {t('admin.siteState.now')}{' '}
          {state.convertEnabled ? (
            <Badge tone="success">{t('admin.siteState.open')}</Badge>
          ) : (
            <Badge tone="danger">{t('admin.siteState.maintenance')}</Badge>
          )}
        </h2>
        {state.updatedAt && (
          <p className={`${styles.small} ${styles.muted} ${styles.flush}`}>
            {t('admin.siteState.changed', { time: formatDateTime(state.updatedAt, lang) })}
          </p>
        )}
        <div className={styles.actions}>
          {state.convertEnabled ? (
            <button type="button" className={`${styles.smallButton} ${styles.danger}`} onClick={() => switchTo(false)}>
              {t('admin.siteState.turnOn')}
            </button>
          ) : (
            <button type="button" className={styles.smallButton} onClick={() => switchTo(true)}>
              {t('admin.siteState.turnOff')}
            </button>
          )}
        </div>
      </section>
      <form className={styles.panel} onSubmit={form.handleSubmit} noValidate aria-labelledby="site-state-notice">
        <h2 id="site-state-notice" className={styles.subtitle}>
          {t('admin.siteState.notice')}
        </h2>
        <p className={`${styles.small} ${styles.muted} ${styles.flush}`}>{t('admin.siteState.noticeHint')}</p>
        <FormAlert messages={form.formErrors} />
        <div className={styles.pair}>
          <div className={styles.form}>
            <TextField
              label={t('admin.siteState.headerRu')}
              error={form.error('headerRu')}
              {...form.field('headerRu')}
            />
            <TextAreaField
              label={t('admin.siteState.textRu')}
              rows={3}
              error={form.error('textRu')}
              {...form.field('textRu')}
            />
          </div>
          <div className={styles.form}>
            <TextField
              label={t('admin.siteState.headerEn')}
              error={form.error('headerEn')}
              {...form.field('headerEn')}
            />
            <TextAreaField
              label={t('admin.siteState.textEn')}
              rows={3}
              error={form.error('textEn')}
              {...form.field('textEn')}
            />
          </div>
        </div>
        <div className={styles.pair}>
          {(['ru', 'en'] as const).map((l) => (
            <div key={l} className={styles.preview} lang={l}>
              <p className={`${styles.small} ${styles.muted}`}>
                {t('admin.siteState.previewIn', { lang: l.toUpperCase() })}
              </p>
              <strong>
                {String(form.watch(l === 'ru' ? 'headerRu' : 'headerEn')) || t('admin.siteState.defaultHeader')}
              </strong>
              <p className={styles.flush}>{String(form.watch(l === 'ru' ? 'textRu' : 'textEn'))}</p>
            </div>
          ))}
        </div>
        <div className={styles.formFooter}>
          <Button type="submit" variant="secondary" loading={form.isSubmitting && confirming === null}>
            {t('admin.siteState.saveNotice')}
          </Button>
        </div>
      </form>
      {confirming !== null && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) {
              form.setValue('convertEnabled', state.convertEnabled);
              setConfirming(null);
            }
          }}
          title={t(confirming ? 'admin.siteState.confirmOpenTitle' : 'admin.siteState.confirmCloseTitle')}
          description={t(confirming ? 'admin.siteState.confirmOpenText' : 'admin.siteState.confirmCloseText')}
          confirmLabel={t(confirming ? 'admin.siteState.turnOff' : 'admin.siteState.turnOn')}
          destructive={!confirming}
          size={confirming ? 'sm' : 'md'}
          onConfirm={() =>
            save
              .mutateAsync({
                method: 'PUT',
                path: '/site-state',
                json: { ...form.getValues(), convertEnabled: confirming },
              })
              .then(() =>
                notify({
                  status: 'success',
                  message: t(confirming ? 'admin.siteState.opened' : 'admin.siteState.closed'),
                }),
              )
          }
        >
          {!confirming && <AwaitingPaymentWarning />}
        </ConfirmDialog>
      )}
    </div>
  );
}
