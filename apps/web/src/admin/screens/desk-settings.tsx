import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  adminCannedReplyBody,
  adminDeskSettingsUpdate,
  CANNED_PLACEHOLDERS,
  SLA_STATES,
  type AdminCannedReply,
  type AdminDeskSettings,
} from '@obmen/shared/admin';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useContractForm } from '../../lib/use-contract-form';
import { adminQueryOptions, useAdminMutation } from '../api/resources';
import { ConfirmDialog } from '../components/confirm-dialog';
import { TextAreaField, TextField } from '../components/fields';
import { QueryState } from '../components/query-state';
import styles from '../components/desk.module.css';
import { screenLoader } from '../staff';
import { AmlSettings, amlSettingsRead } from './aml-settings-form';

const settingsRead = adminQueryOptions<AdminDeskSettings>('desk-settings', '/desk-settings');
const repliesRead = adminQueryOptions<AdminCannedReply[]>('canned-replies', '/canned-replies');

export const loader = screenLoader('admin', settingsRead, repliesRead, amlSettingsRead);
export { ScreenError as ErrorBoundary } from '../components/screen-error';

/** The desk's settings (issue 46): how long an idle claim lasts, the SLA clocks' thresholds, and the canned replies. */
export function Component() {
  const { t } = useTranslation();
  const settings = useQuery(settingsRead);
  const replies = useQuery(repliesRead);
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('admin.desk.settings.title')}</h1>
      </div>
      {!settings.data ? (
        <QueryState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm key={settings.data.updatedAt} settings={settings.data} />
      )}
      <AmlSettings />
      {!replies.data ? (
        <QueryState error={replies.error} onRetry={() => void replies.refetch()} />
      ) : (
        <CannedReplies replies={replies.data} />
      )}
    </div>
  );
}

function SettingsForm({ settings }: { settings: AdminDeskSettings }) {
  const { t } = useTranslation();
  const save = useAdminMutation(['desk-settings']);
  const text = (n: number) => String(n);
  const form = useContractForm({
    schema: adminDeskSettingsUpdate,
    defaultValues: {
      claimIdleMinutes: text(settings.claimIdleMinutes),
      sla: Object.fromEntries(
        SLA_STATES.map((state) => [
          state,
          { amber: text(settings.sla[state].amber), red: text(settings.sla[state].red) },
        ]),
      ) as Record<(typeof SLA_STATES)[number], { amber: string; red: string }>,
    },
    logContext: 'saving the desk settings',
    onSubmit: async (body) => {
      await save.mutateAsync({ method: 'PUT', path: '/desk-settings', json: body });
      notify({ status: 'success', message: t('admin.desk.settings.saved') });
    },
  });
  return (
    <form className={styles.panel} onSubmit={form.handleSubmit} noValidate aria-labelledby="desk-claims">
      <h2 id="desk-claims" className={styles.subtitle}>
        {t('admin.desk.settings.claims')}
      </h2>
      <FormAlert messages={form.formErrors} />
      <TextField
        label={t('admin.desk.settings.claimIdle')}
        hint={t('admin.desk.settings.claimIdleHint')}
        inputMode="numeric"
        error={form.error('claimIdleMinutes')}
        {...form.field('claimIdleMinutes')}
      />
      <h2 className={styles.subtitle}>{t('admin.desk.settings.sla')}</h2>
      <p className={`${styles.small} ${styles.muted} ${styles.flush}`}>{t('admin.desk.settings.slaHint')}</p>
      {SLA_STATES.map((state) => (
        <fieldset key={state} className={styles.pair}>
          <legend>{t(`admin.desk.wait.states.${state}`)}</legend>
          <TextField
            label={t('admin.desk.settings.amber')}
            inputMode="numeric"
            error={form.error(`sla.${state}.amber`)}
            {...form.field(`sla.${state}.amber`)}
          />
          <TextField
            label={t('admin.desk.settings.red')}
            inputMode="numeric"
            error={form.error(`sla.${state}.red`)}
            {...form.field(`sla.${state}.red`)}
          />
        </fieldset>
      ))}
      <div className={styles.actions}>
        <Button type="submit" loading={form.isSubmitting}>
          {t('admin.desk.settings.save')}
        </Button>
      </div>
    </form>
  );
}

function CannedReplies({ replies }: { replies: AdminCannedReply[] }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AdminCannedReply | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminCannedReply | null>(null);
  const remove = useAdminMutation(['canned-replies']);
  const list = CANNED_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');
  return (
    <section className={styles.panel} aria-labelledby="desk-replies">
      <h2 id="desk-replies" className={styles.subtitle}>
        {t('admin.desk.settings.replies')}
      </h2>
      <p className={`${styles.small} ${styles.muted} ${styles.flush}`}>
        {t('admin.desk.settings.repliesHint', { list })}
      </p>
      {replies.length === 0 && <p className={styles.muted}>{t('admin.desk.settings.empty')}</p>}
      <ul className={styles.plainList}>
        {replies.map((reply) => (
          <li key={reply.id}>
            {editing !== null && editing !== 'new' && editing.id === reply.id ? (
              <ReplyForm reply={reply} onDone={() => setEditing(null)} />
            ) : (
              <div className={styles.actions}>
                <strong>{reply.title}</strong>
                <button type="button" className={styles.smallButton} onClick={() => setEditing(reply)}>
                  {t('admin.desk.settings.edit')}
                </button>
                <button
                  type="button"
                  className={`${styles.smallButton} ${styles.danger}`}
                  onClick={() => setDeleting(reply)}
                >
                  {t('admin.desk.settings.delete')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        <ReplyForm reply={null} onDone={() => setEditing(null)} />
      ) : (
        <div className={styles.actions}>
          <button type="button" className={styles.smallButton} onClick={() => setEditing('new')}>
            {t('admin.desk.settings.add')}
          </button>
        </div>
      )}
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title={t('admin.desk.settings.deleteConfirm', { title: deleting.title })}
          confirmLabel={t('admin.desk.settings.delete')}
          destructive
          onConfirm={async () => {
            await remove.mutateAsync({ method: 'DELETE', path: `/canned-replies/${deleting.id}` });
            notify({ status: 'success', message: t('admin.desk.settings.deleted') });
            setDeleting(null);
          }}
        />
      )}
    </section>
  );
}

function ReplyForm({ reply, onDone }: { reply: AdminCannedReply | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useAdminMutation(['canned-replies']);
  const form = useContractForm({
    schema: adminCannedReplyBody,
    defaultValues: { title: reply?.title ?? '', textRu: reply?.textRu ?? '', textEn: reply?.textEn ?? '' },
    logContext: 'saving a canned reply',
    onSubmit: async (body) => {
      await save.mutateAsync(
        reply
          ? { method: 'PUT', path: `/canned-replies/${reply.id}`, json: body }
          : { method: 'POST', path: '/canned-replies', json: body },
      );
      notify({ status: 'success', message: t('admin.desk.settings.created') });
      onDone();
    },
  });
  return (
    <form className={styles.form} onSubmit={form.handleSubmit} noValidate data-testid="canned-reply-form">
      <FormAlert messages={form.formErrors} />
      <TextField label={t('admin.desk.settings.title_')} error={form.error('title')} {...form.field('title')} />
      <div className={styles.pair}>
        <TextAreaField
          label={t('admin.desk.settings.textRu')}
          rows={4}
          error={form.error('textRu')}
          {...form.field('textRu')}
        />
        <TextAreaField
          label={t('admin.desk.settings.textEn')}
          rows={4}
          error={form.error('textEn')}
          {...form.field('textEn')}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" loading={form.isSubmitting}>
          {t('admin.desk.settings.create')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('admin.desk.settings.cancel')}
        </Button>
      </div>
    </form>
  );
}
