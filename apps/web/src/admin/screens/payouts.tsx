import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { adminPayoutPay, adminPayoutReject, PAYOUT_FILTERS, type AdminPayout } from '@obmen/shared/admin';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { Dialog } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { Pagination } from '../../components/ui/pagination';
import { notify } from '../../lib/notify';
import { useContractForm, type FormSchema } from '../../lib/use-contract-form';
import { useAdminMutation, useAdminQuery, type Paged } from '../api/resources';
import { Badge } from '../components/badges';
import { ConfirmDialog } from '../components/confirm-dialog';
import { TextAreaField, TextField } from '../components/fields';
import { formatDateTime, formatUsd } from '../components/format';
import { QueryState } from '../components/query-state';
import styles from '../components/desk.module.css';
import { useConsoleLanguage } from '../hooks/use-console-language';
import { screenLoader } from '../staff';
import { FilterTabs } from '../components/filter-tabs';
import { TableScroll } from '../components/table-scroll';

type Step = { payout: AdminPayout; kind: 'approve' | 'pay' | 'reject' };
const REFRESH = ['payouts'];

export const loader = screenLoader('operator');
export { ScreenError as ErrorBoundary } from '../components/screen-error';

/** Referral payouts (design §4): approve a request, pay it with a reference, or reject it and return the balance. */
export function Component() {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const [status, setStatus] = useState<string>('pending');
  const [page, setPage] = useState(1);
  const list = useAdminQuery<Paged<AdminPayout>>('payouts', '/payouts', {
    status: status || undefined,
    page,
    perPage: 50,
  });
  const [step, setStep] = useState<Step | null>(null);
  const approve = useAdminMutation(REFRESH);
  const state = (p: AdminPayout) => (p.status === 'pending' ? (p.approvedAt ? 'approved' : 'pending') : p.status);

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('admin.payouts.title')}</h1>
      </div>
      <p className={`${styles.muted} ${styles.flush}`}>{t('admin.payouts.intro')}</p>
      <FilterTabs
        label={t('admin.payouts.filters')}
        tabs={[...PAYOUT_FILTERS, '']}
        current={status}
        onPick={(s) => {
          setStatus(s);
          setPage(1);
        }}
        labelOf={(s) => t(`admin.payouts.states.${s || 'all'}`)}
      />
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <TableScroll>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('admin.payouts.requested')}</th>
                  <th scope="col">{t('admin.payouts.partner')}</th>
                  <th scope="col" className={styles.num}>
                    {t('admin.payouts.sum')}
                  </th>
                  <th scope="col">{t('admin.payouts.requisite')}</th>
                  <th scope="col">{t('admin.payouts.status')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin.common.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((payout) => (
                  <tr key={payout.id}>
                    <td className={styles.nowrap}>{formatDateTime(payout.createdAt, lang)}</td>
                    <td>{payout.username}</td>
                    <td className={styles.num}>
                      {payout.sum} {payout.valute}
                      <div className={`${styles.small} ${styles.muted}`}>{formatUsd(payout.amountUsd, lang)}</div>
                    </td>
                    <td>
                      <span className={styles.mono}>{payout.requisite}</span>
                      <CopyButton
                        text={payout.requisite}
                        label={t('admin.common.copy')}
                        copiedMessage={t('admin.common.copied')}
                      />
                      {payout.addRequisite && (
                        <div className={`${styles.small} ${styles.muted}`}>{payout.addRequisite}</div>
                      )}
                      <div className={`${styles.small} ${styles.muted}`}>{payout.currencyCode}</div>
                    </td>
                    <td>
                      <Badge
                        tone={
                          payout.status === 'paid'
                            ? 'success'
                            : payout.status === 'rejected'
                              ? 'danger'
                              : payout.approvedAt
                                ? 'accent'
                                : 'warning'
                        }
                      >
                        {t(`admin.payouts.states.${state(payout)}`)}
                      </Badge>
                      {payout.approvedBy && payout.status === 'pending' && (
                        <div className={`${styles.small} ${styles.muted}`}>
                          {t('admin.payouts.approvedBy', { name: payout.approvedBy })}
                        </div>
                      )}
                      {payout.reference && <div className={`${styles.small} ${styles.mono}`}>{payout.reference}</div>}
                      {payout.reason && <div className={styles.small}>{payout.reason}</div>}
                    </td>
                    <td>
                      {payout.status === 'pending' && (
                        <div className={styles.actions}>
                          {payout.approvedAt ? (
                            <button
                              type="button"
                              className={styles.smallButton}
                              onClick={() => setStep({ payout, kind: 'pay' })}
                            >
                              {t('admin.payouts.pay')}
                            </button>
                          ) : (
                            <button
                              type="button"
                              className={styles.smallButton}
                              onClick={() => setStep({ payout, kind: 'approve' })}
                            >
                              {t('admin.payouts.approve')}
                            </button>
                          )}
                          <button
                            type="button"
                            className={`${styles.smallButton} ${styles.danger}`}
                            onClick={() => setStep({ payout, kind: 'reject' })}
                          >
                            {t('admin.payouts.reject')}
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {list.data.items.length === 0 && <p className={styles.empty}>{t('admin.payouts.none')}</p>}
          </TableScroll>
          <Pagination
            page={list.data.page}
            perPage={list.data.perPage}
            total={list.data.total}
            onPageChange={setPage}
          />
        </>
      )}
      {step?.kind === 'approve' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setStep(null)}
          title={t('admin.payouts.approveTitle', { username: step.payout.username })}
          description={t('admin.payouts.approveText', { sum: `${step.payout.sum} ${step.payout.valute}` })}
          confirmLabel={t('admin.payouts.approve')}
          onConfirm={() =>
            approve
              .mutateAsync({ method: 'POST', path: `/payouts/${step.payout.id}/approve` })
              .then(() => notify({ status: 'success', message: t('admin.payouts.approved') }))
          }
        />
      )}
      {step && step.kind !== 'approve' && <DecisionDialog step={step} onClose={() => setStep(null)} />}
    </div>
  );
}

function DecisionDialog({ step, onClose }: { step: Step; onClose: () => void }) {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const decide = useAdminMutation(REFRESH);
  const paying = step.kind === 'pay';
  const form = useContractForm({
    schema: (paying ? adminPayoutPay : adminPayoutReject) as FormSchema<Record<string, string>>,
    defaultValues: { reference: '', reason: '' },
    logContext: `payout ${step.kind}`,
    onSubmit: async (body) => {
      await decide.mutateAsync({ method: 'POST', path: `/payouts/${step.payout.id}/${step.kind}`, json: body });
      notify({ status: 'success', message: t(paying ? 'admin.payouts.paid' : 'admin.payouts.rejected') });
      onClose();
    },
  });
  const formId = `payout-${step.kind}-${step.payout.id}`;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(paying ? 'admin.payouts.payTitle' : 'admin.payouts.rejectTitle', { username: step.payout.username })}
      description={t(paying ? 'admin.payouts.payText' : 'admin.payouts.rejectText', {
        sum: `${step.payout.sum} ${step.payout.valute}`,
        usd: formatUsd(step.payout.amountUsd, lang),
      })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('admin.common.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            loading={form.isSubmitting}
            className={paying ? undefined : styles.dangerButton}
          >
            {t(paying ? 'admin.payouts.pay' : 'admin.payouts.reject')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={form.handleSubmit} noValidate>
        <FormAlert messages={form.formErrors} />
        {paying ? (
          <TextField
            label={t('admin.payouts.reference')}
            hint={t('admin.payouts.referenceHint')}
            autoComplete="off"
            error={form.error('reference')}
            {...form.field('reference')}
          />
        ) : (
          <TextAreaField
            label={t('admin.payouts.reason')}
            hint={t('admin.payouts.reasonHint')}
            rows={3}
            error={form.error('reason')}
            {...form.field('reason')}
          />
        )}
      </form>
    </Dialog>
  );
}
