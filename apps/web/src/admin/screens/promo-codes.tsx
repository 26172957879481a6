import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { adminPromoIssue, PROMO_STATES, type AdminPromo } from '@obmen/shared/admin';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { Dialog } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { Pagination } from '../../components/ui/pagination';
import { useContractForm } from '../../lib/use-contract-form';
import { useAdminMutation, useAdminQuery, type Paged } from '../api/resources';
import { Badge, type Tone } from '../components/badges';
import { TextField } from '../components/fields';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';
import { ConsoleSearch } from '../components/console-search';
import styles from '../components/desk.module.css';
import { useConsoleLanguage } from '../hooks/use-console-language';
import { useDebounced } from '../hooks/use-debounced';
import { screenLoader } from '../staff';
import { TableScroll } from '../components/table-scroll';

const TONES: Record<AdminPromo['status'], Tone> = {
  active: 'success',
  held: 'warning',
  used: 'neutral',
  expired: 'neutral',
};

export const loader = screenLoader('admin');
export { ScreenError as ErrorBoundary } from '../components/screen-error';

/** Promo codes: issue single-use codes to one user or as a batch, and see which were used on which ticket. */
export function Component() {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(q.trim(), 300);
  const list = useAdminQuery<Paged<AdminPromo>>('promo-codes', '/promo-codes', {
    q: query || undefined,
    status: status || undefined,
    page,
    perPage: 50,
  });
  const [issued, setIssued] = useState<AdminPromo[] | null>(null);

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('admin.promo.title')}</h1>
      </div>
      <IssueForm onIssued={setIssued} />
      <section className={styles.page} aria-labelledby="promo-list">
        <h2 id="promo-list" className={styles.subtitle}>
          {t('admin.promo.list')}
        </h2>
        <div className={styles.toolbar}>
          <ConsoleSearch
            id="promo-search"
            label={t('admin.promo.search')}
            value={q}
            onChange={(value) => {
              setQ(value);
              setPage(1);
            }}
          />
          <label htmlFor="promo-status" className="visually-hidden">
            {t('admin.promo.status')}
          </label>
          <select
            id="promo-status"
            className={`${styles.compactInput} ${styles.autoWidth}`}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('admin.promo.allStates')}</option>
            {PROMO_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.promo.states.${s}`)}
              </option>
            ))}
          </select>
        </div>
        {!list.data ? (
          <QueryState error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <TableScroll>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('admin.promo.code')}</th>
                    <th scope="col">{t('admin.promo.status')}</th>
                    <th scope="col" className={styles.num}>
                      {t('admin.promo.value')}
                    </th>
                    <th scope="col">{t('admin.promo.owner')}</th>
                    <th scope="col">{t('admin.promo.usage')}</th>
                    <th scope="col">{t('admin.promo.expires')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((promo) => (
                    <tr key={promo.code}>
                      <td className={`${styles.mono} ${styles.nowrap}`}>{promo.code}</td>
                      <td>
                        <Badge tone={TONES[promo.status]}>{t(`admin.promo.states.${promo.status}`)}</Badge>
                      </td>
                      <td className={styles.num}>
                        {promo.valueRub} ₽
                        <div className={`${styles.small} ${styles.muted}`}>
                          {t('admin.promo.from', { value: promo.minRub })}
                        </div>
                      </td>
                      <td>{promo.username ?? <span className={styles.muted}>{t('admin.promo.anyone')}</span>}</td>
                      <td className={styles.small}>
                        {promo.ticketNumber !== null ? (
                          <>
                            {t('admin.promo.onTicket', { number: promo.ticketNumber })}
                            {promo.usedAt && <div className={styles.muted}>{formatDateTime(promo.usedAt, lang)}</div>}
                          </>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td className={`${styles.small} ${styles.nowrap}`}>
                        {promo.expiresAt ? formatDateTime(promo.expiresAt, lang) : t('admin.promo.noExpiry')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {list.data.items.length === 0 && <p className={styles.empty}>{t('admin.common.nothingFound')}</p>}
            </TableScroll>
            <Pagination
              page={list.data.page}
              perPage={list.data.perPage}
              total={list.data.total}
              onPageChange={setPage}
            />
          </>
        )}
      </section>
      {issued && (
        <Dialog
          open
          onOpenChange={(open) => !open && setIssued(null)}
          title={t('admin.promo.issuedTitle', { count: issued.length })}
          description={
            issued[0]?.username
              ? t('admin.promo.issuedTo', { username: issued[0].username })
              : t('admin.promo.issuedBatch')
          }
          footer={
            <>
              <CopyButton
                text={issued.map((p) => p.code).join('\n')}
                label={t('admin.promo.copyAll')}
                copiedMessage={t('admin.common.copied')}
                showLabel
              />
              <Button onClick={() => setIssued(null)}>{t('admin.common.done')}</Button>
            </>
          }
        >
          <pre className={styles.pre}>{issued.map((p) => p.code).join('\n')}</pre>
        </Dialog>
      )}
    </div>
  );
}

function IssueForm({ onIssued }: { onIssued: (codes: AdminPromo[]) => void }) {
  const { t } = useTranslation();
  const issue = useAdminMutation<AdminPromo[]>(['promo-codes']);
  const form = useContractForm({
    schema: adminPromoIssue,
    defaultValues: { username: '', count: '1', valueRub: '50', minRub: '3000', expiresAt: '' },
    logContext: 'issuing promo codes',
    onSubmit: async (body) => {
      const codes = await issue.mutateAsync({ method: 'POST', path: '/promo-codes', json: body });
      onIssued(codes);
      form.reset();
    },
  });
  return (
    <form className={styles.panel} onSubmit={form.handleSubmit} noValidate aria-labelledby="promo-issue">
      <h2 id="promo-issue" className={styles.subtitle}>
        {t('admin.promo.issue')}
      </h2>
      <FormAlert messages={form.formErrors} />
      <div className={styles.grid}>
        <TextField
          label={t('admin.promo.to')}
          hint={t('admin.promo.toHint')}
          autoComplete="off"
          error={form.error('username')}
          {...form.field('username')}
        />
        <TextField
          label={t('admin.promo.count')}
          inputMode="numeric"
          error={form.error('count')}
          {...form.field('count')}
        />
        <TextField
          label={t('admin.promo.valueLabel')}
          inputMode="decimal"
          error={form.error('valueRub')}
          {...form.field('valueRub')}
        />
        <TextField
          label={t('admin.promo.minLabel')}
          inputMode="decimal"
          error={form.error('minRub')}
          {...form.field('minRub')}
        />
        <TextField
          label={t('admin.promo.expiresLabel')}
          hint={t('admin.promo.expiresHint')}
          type="date"
          error={form.error('expiresAt')}
          {...form.field('expiresAt')}
        />
      </div>
      <div className={styles.formFooter}>
        <Button type="submit" loading={form.isSubmitting}>
          {t('admin.promo.issueButton')}
        </Button>
      </div>
    </form>
  );
}
