import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { adminTicketLimitsUpdate, type AdminHold, type AdminTicketLimits } from '@obmen/shared/admin';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../lib/notify';
import { useContractForm } from '../../lib/use-contract-form';
import { useAdminMutation, adminQueryOptions } from '../api/resources';
import { ConfirmDialog } from '../components/confirm-dialog';
import { TextField } from '../components/fields';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';
import styles from '../components/desk.module.css';
import { useConsoleLanguage } from '../hooks/use-console-language';
import { HoldsGroupForm } from './holds-group';
import { screenLoader } from '../staff';
import { TableScroll } from '../components/table-scroll';

const limitsRead = adminQueryOptions<AdminTicketLimits>('ticket-limits', '/ticket-limits');
const holdList = adminQueryOptions<AdminHold[]>('holds', '/holds');

export const loader = screenLoader('operator', limitsRead, holdList);
export { ScreenError as ErrorBoundary } from '../components/screen-error';

/**
 * Holds (issue 33): who holds the reserves with unpaid tickets, by e-mail and by address, with one
 * action to cancel all of a client's or a whole group's (issue 42); and the limits on what they hold.
 */
export function Component() {
  const { t } = useTranslation();
  const limits = useQuery(limitsRead);
  const holds = useQuery(holdList);
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('admin.holds.title')}</h1>
      </div>
      <p className={`${styles.muted} ${styles.flush}`}>{t('admin.holds.intro')}</p>
      {!holds.data ? (
        <QueryState error={holds.error} onRetry={() => void holds.refetch()} />
      ) : (
        <HoldsTable holds={holds.data} />
      )}
      <HoldsGroupForm />
      {!limits.data ? (
        <QueryState error={limits.error} onRetry={() => void limits.refetch()} />
      ) : (
        <LimitsForm key={limits.data.updatedAt} limits={limits.data} />
      )}
    </div>
  );
}

function HoldsTable({ holds }: { holds: AdminHold[] }) {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const cancel = useAdminMutation<{ cancelled: number }>(['holds', 'tickets', 'reserves']);
  const [cancelling, setCancelling] = useState<AdminHold | null>(null);
  if (holds.length === 0) return <p className={styles.muted}>{t('admin.holds.none')}</p>;
  return (
    <TableScroll>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('admin.holds.client')}</th>
            <th scope="col" className={styles.num}>
              {t('admin.holds.tickets')}
            </th>
            <th scope="col" className={styles.num}>
              {t('admin.holds.held')}
            </th>
            <th scope="col">{t('admin.holds.oldest')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('admin.common.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {holds.map((hold) => (
            <tr key={`${hold.by}:${hold.client}`} data-testid="hold-row">
              <td>
                <strong>{hold.client}</strong>
                <div className={`${styles.small} ${styles.muted}`}>{t(`admin.holds.by.${hold.by}`)}</div>
              </td>
              <td className={styles.num}>{hold.tickets}</td>
              <td className={styles.num}>
                {hold.held.map((h) => (
                  <div key={h.currencyCode}>
                    {h.amount} {h.valute}
                  </div>
                ))}
              </td>
              <td>{formatDateTime(hold.oldest, lang)}</td>
              <td>
                <button type="button" className={styles.smallButton} onClick={() => setCancelling(hold)}>
                  {t('admin.holds.cancelAll')}
                  <span className="visually-hidden"> {hold.client}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {cancelling && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setCancelling(null)}
          title={t('admin.holds.cancelTitle', { client: cancelling.client })}
          description={t('admin.holds.cancelText', { count: cancelling.tickets })}
          confirmLabel={t('admin.holds.cancelAll')}
          destructive
          onConfirm={async () => {
            const done = await cancel.mutateAsync({
              method: 'POST',
              path: '/holds/cancel',
              json: { by: cancelling.by, client: cancelling.client },
            });
            notify({ status: 'success', message: t('admin.holds.cancelled', { count: done.cancelled }) });
          }}
        />
      )}
    </TableScroll>
  );
}

function LimitsForm({ limits }: { limits: AdminTicketLimits }) {
  const { t } = useTranslation();
  const save = useAdminMutation(['ticket-limits']);
  const form = useContractForm({
    schema: adminTicketLimitsUpdate,
    defaultValues: {
      openPerEmail: String(limits.openPerEmail),
      openPerUser: String(limits.openPerUser),
      openPerAddress: String(limits.openPerAddress),
      reserveSharePercent: limits.reserveSharePercent,
      unpaidHoldPercent: limits.unpaidHoldPercent,
    },
    logContext: 'saving the ticket limits',
    onSubmit: async (body) => {
      await save.mutateAsync({ method: 'PUT', path: '/ticket-limits', json: body });
      notify({ status: 'success', message: t('admin.holds.limitsSaved') });
    },
  });
  return (
    <form className={styles.panel} onSubmit={form.handleSubmit} noValidate aria-labelledby="ticket-limits-title">
      <h2 id="ticket-limits-title" className={styles.subtitle}>
        {t('admin.holds.limitsTitle')}
      </h2>
      <p className={`${styles.small} ${styles.muted} ${styles.flush}`}>{t('admin.holds.limitsHint')}</p>
      <FormAlert messages={form.formErrors} />
      <div className={styles.grid}>
        <TextField
          label={t('admin.holds.openPerEmail')}
          inputMode="numeric"
          error={form.error('openPerEmail')}
          {...form.field('openPerEmail')}
        />
        <TextField
          label={t('admin.holds.openPerUser')}
          inputMode="numeric"
          error={form.error('openPerUser')}
          {...form.field('openPerUser')}
        />
        <TextField
          label={t('admin.holds.openPerAddress')}
          inputMode="numeric"
          error={form.error('openPerAddress')}
          {...form.field('openPerAddress')}
        />
        <TextField
          label={t('admin.holds.reserveShare')}
          hint={t('admin.holds.reserveShareHint')}
          inputMode="decimal"
          error={form.error('reserveSharePercent')}
          {...form.field('reserveSharePercent')}
        />
        <TextField
          label={t('admin.holds.unpaidShare')}
          hint={t('admin.holds.unpaidShareHint')}
          inputMode="decimal"
          error={form.error('unpaidHoldPercent')}
          {...form.field('unpaidHoldPercent')}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" loading={form.isSubmitting}>
          {t('admin.common.save')}
        </Button>
      </div>
    </form>
  );
}
