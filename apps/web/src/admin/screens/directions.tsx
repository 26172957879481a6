import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPercent } from '../components/format';
import { useConsoleLanguage } from '../hooks/use-console-language';
import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate, useParams } from 'react-router';
import { adminDirectionCreate, adminDirectionForm, type AdminCurrency, type AdminDirection } from '@obmen/shared/admin';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../lib/notify';
import { useContractForm, type FormSchema } from '../../lib/use-contract-form';
import { useAdminMutation, adminQueryOptions, useAdminQuery } from '../api/resources';
import { Badge } from '../components/badges';
import { ConfirmDialog } from '../components/confirm-dialog';
import { CheckboxField, SelectField, TextField } from '../components/fields';
import { QueryState } from '../components/query-state';
import { ConsoleSearch } from '../components/console-search';
import styles from '../components/desk.module.css';
import { screenLoader, useStaff } from '../staff';
import { TableScroll } from '../components/table-scroll';

const REFRESH = ['directions'];

const directionList = adminQueryOptions<AdminDirection[]>('directions', '/directions');

export const loader = screenLoader('operator', directionList);
export { ScreenError as ErrorBoundary } from '../components/screen-error';

/** Directions: every give → get pair with its fee, range, processing and whether visitors can use it now. */
export function Component() {
  const { role } = useStaff();
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const { give, get } = useParams();
  const list = useQuery(directionList);
  const [filter, setFilter] = useState({ text: '', state: 'all' });
  const [pausing, setPausing] = useState<AdminDirection | null>(null);
  const toggle = useAdminMutation(REFRESH);
  const open = give && get;
  const creating = give === 'new';
  const editing = list.data?.find((d) => d.giveCode === give && d.getCode === get);
  const text = filter.text.trim().toUpperCase();
  const shown = (list.data ?? []).filter(
    (d) =>
      (!text || d.giveCode.includes(text) || d.getCode.includes(text)) &&
      (filter.state === 'all' ||
        (filter.state === 'available' && d.available) ||
        (filter.state === 'closed' && !d.available)),
  );

  const setEnabled = (direction: AdminDirection, enabled: boolean) =>
    toggle
      .mutateAsync({
        method: 'PATCH',
        path: `/directions/${direction.giveCode}/${direction.getCode}`,
        json: { enabled },
      })
      .then(() =>
        notify({
          status: 'success',
          message: t(enabled ? 'admin.directions.resumed' : 'admin.directions.paused', {
            pair: `${direction.giveCode} → ${direction.getCode}`,
          }),
        }),
      );

  return (
    <div className={styles.page}>
      <div className={`${styles.header} ${open ? styles.hideWhenNarrow : ''}`}>
        <h1 className={styles.title}>{t('admin.directions.title')}</h1>
        {role === 'admin' && (
          <Link to="/admin/directions/new/pair" className={styles.smallButton}>
            + {t('admin.directions.new')}
          </Link>
        )}
      </div>
      <div className={`${styles.toolbar} ${open ? styles.hideWhenNarrow : ''}`}>
        <ConsoleSearch
          id="direction-search"
          label={t('admin.directions.search')}
          value={filter.text}
          onChange={(text) => setFilter({ ...filter, text })}
        />
        <label className="visually-hidden" htmlFor="direction-state">
          {t('admin.directions.state')}
        </label>
        <select
          id="direction-state"
          className={`${styles.compactInput} ${styles.autoWidth}`}
          value={filter.state}
          onChange={(event) => setFilter({ ...filter, state: event.target.value })}
        >
          <option value="all">{t('admin.directions.states.all')}</option>
          <option value="available">{t('admin.directions.states.available')}</option>
          <option value="closed">{t('admin.directions.states.closed')}</option>
        </select>
      </div>
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <div className={`${styles.split} ${open ? styles.splitOpen : ''}`}>
          <TableScroll className={open ? styles.hideWhenNarrow : ''}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('admin.directions.pair')}</th>
                  <th scope="col">{t('admin.directions.state')}</th>
                  <th scope="col" className={styles.num}>
                    {t('admin.directions.fee')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('admin.directions.range')}
                  </th>
                  <th scope="col">{t('admin.directions.processing')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin.common.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((d) => (
                  <tr
                    key={`${d.giveCode}>${d.getCode}`}
                    className={d.giveCode === give && d.getCode === get ? styles.selected : undefined}
                  >
                    <td className={styles.nowrap}>
                      <Link to={`/admin/directions/${d.giveCode}/${d.getCode}`} className={styles.rowLink}>
                        {d.giveCode} → {d.getCode}
                      </Link>
                    </td>
                    <td>
                      {d.available ? (
                        <Badge tone="success">{t('admin.directions.open')}</Badge>
                      ) : (
                        <Badge tone={d.enabled ? 'warning' : 'neutral'}>
                          {d.enabled ? t('admin.directions.unavailable') : t('admin.directions.off')}
                        </Badge>
                      )}
                    </td>
                    <td className={styles.num}>
                      {formatPercent(d.feePercent, lang)}
                      <div className={`${styles.small} ${styles.muted}`}>
                        {t('admin.directions.fixedShort', { value: formatPercent(d.fixedExtraPercent, lang) })}
                      </div>
                    </td>
                    <td className={styles.num}>
                      {d.threshold ?? d.minSum} – {d.maxSum}
                      {d.threshold && (
                        <div className={`${styles.small} ${styles.muted}`}>
                          {t('admin.directions.minShort', { value: d.minSum })}
                        </div>
                      )}
                    </td>
                    <td className={styles.small}>
                      {d.detection === 'manual' ? t('admin.directions.manual') : t('admin.directions.automatic')}
                      {d.cardVerify && <div className={styles.muted}>{t('admin.directions.cardVerify')}</div>}
                    </td>
                    <td>
                      <button
                        type="button"
                        className={`${styles.smallButton} ${d.enabled ? styles.danger : ''}`}
                        onClick={() => (d.enabled ? setPausing(d) : void setEnabled(d, true))}
                      >
                        {d.enabled ? t('admin.directions.pause') : t('admin.directions.resume')}
                        <span className="visually-hidden">
                          {' '}
                          {d.giveCode} → {d.getCode}
                        </span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {shown.length === 0 && <p className={styles.empty}>{t('admin.common.nothingFound')}</p>}
          </TableScroll>
          {open && (creating || editing) && (
            <div className={styles.detailSticky}>
              <DirectionForm key={`${give}>${get}`} direction={creating ? null : editing!} />
            </div>
          )}
        </div>
      )}
      {pausing && (
        <ConfirmDialog
          open
          onOpenChange={(next) => !next && setPausing(null)}
          title={t('admin.directions.pauseTitle', { pair: `${pausing.giveCode} → ${pausing.getCode}` })}
          description={t('admin.directions.pauseText')}
          confirmLabel={t('admin.directions.pause')}
          destructive
          onConfirm={() => setEnabled(pausing, false)}
        />
      )}
    </div>
  );
}

function DirectionForm({ direction }: { direction: AdminDirection | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useAdminMutation(REFRESH);
  const currencies = useAdminQuery<AdminCurrency[]>('currencies', '/currencies');
  const creating = direction === null;
  const codes = (currencies.data ?? []).map((c) => ({ value: c.code, label: c.code }));
  const form = useContractForm({
    schema: (creating ? adminDirectionCreate : adminDirectionForm) as FormSchema<Record<string, unknown>>,
    defaultValues: {
      giveCode: direction?.giveCode ?? 'SBERRUB',
      getCode: direction?.getCode ?? 'BTC',
      feePercent: direction?.feePercent ?? '1.5',
      fixedExtraPercent: direction?.fixedExtraPercent ?? '0.5',
      minSum: direction?.minSum ?? '',
      threshold: direction?.threshold ?? '',
      maxSum: direction?.maxSum ?? '',
      paymentWindowMinutes: String(direction?.paymentWindowMinutes ?? 30),
      cardCheckWindowMinutes: String(direction?.cardCheckWindowMinutes ?? 30),
      cardReviewWindowMinutes: String(direction?.cardReviewWindowMinutes ?? 60),
      quoteLifetimeSeconds: String(direction?.quoteLifetimeSeconds ?? 30),
      opensAt: direction?.opensAt ?? '',
      closesAt: direction?.closesAt ?? '',
      enabled: direction?.enabled ?? true,
      manual: direction?.manual ?? true,
      cardVerify: direction?.cardVerify ?? false,
    },
    logContext: 'saving a direction',
    onSubmit: async (body) => {
      if (creating) {
        const created = await save.mutateAsync({ method: 'POST', path: '/directions', json: body });
        const { giveCode, getCode } = created as AdminDirection;
        notify({ status: 'success', message: t('admin.directions.created', { pair: `${giveCode} → ${getCode}` }) });
        void navigate(`/admin/directions/${giveCode}/${getCode}`, { replace: true });
      } else {
        const { giveCode: _g, getCode: _c, ...patch } = body as Record<string, unknown>;
        await save.mutateAsync({
          method: 'PATCH',
          path: `/directions/${direction.giveCode}/${direction.getCode}`,
          json: patch,
        });
        notify({
          status: 'success',
          message: t('admin.directions.saved', { pair: `${direction.giveCode} → ${direction.getCode}` }),
        });
      }
    },
  });
  const title = creating ? t('admin.directions.new') : `${direction.giveCode} → ${direction.getCode}`;
  return (
    <section className={styles.panel} aria-label={title}>
      <div className={styles.header}>
        <h2 className={styles.subtitle}>{title}</h2>
        <Link to="/admin/directions" className={styles.smallButton}>
          {t('admin.common.close')}
        </Link>
      </div>
      <form className={styles.form} onSubmit={form.handleSubmit} noValidate>
        <FormAlert messages={form.formErrors} />
        {creating && (
          <div className={styles.grid}>
            <SelectField
              label={t('admin.directions.give')}
              options={codes}
              error={form.error('giveCode')}
              {...form.field('giveCode')}
            />
            <SelectField
              label={t('admin.directions.get')}
              options={codes}
              error={form.error('getCode')}
              {...form.field('getCode')}
            />
          </div>
        )}
        <div className={styles.grid}>
          <TextField
            label={t('admin.directions.feeLabel')}
            hint={t('admin.directions.feeHint')}
            inputMode="decimal"
            error={form.error('feePercent')}
            {...form.field('feePercent')}
          />
          <TextField
            label={t('admin.directions.fixedExtra')}
            hint={t('admin.directions.fixedExtraHint')}
            inputMode="decimal"
            error={form.error('fixedExtraPercent')}
            {...form.field('fixedExtraPercent')}
          />
          <TextField
            label={t('admin.directions.minSum')}
            inputMode="decimal"
            error={form.error('minSum')}
            {...form.field('minSum')}
          />
          <TextField
            label={t('admin.directions.threshold')}
            hint={t('admin.directions.thresholdHint')}
            inputMode="decimal"
            error={form.error('threshold')}
            {...form.field('threshold')}
          />
          <TextField
            label={t('admin.directions.maxSum')}
            inputMode="decimal"
            error={form.error('maxSum')}
            {...form.field('maxSum')}
          />
          <TextField
            label={t('admin.directions.paymentWindow')}
            hint={t('admin.directions.minutes')}
            inputMode="numeric"
            error={form.error('paymentWindowMinutes')}
            {...form.field('paymentWindowMinutes')}
          />
          <TextField
            label={t('admin.directions.cardCheckWindow')}
            hint={t('admin.directions.minutes')}
            inputMode="numeric"
            error={form.error('cardCheckWindowMinutes')}
            {...form.field('cardCheckWindowMinutes')}
          />
          <TextField
            label={t('admin.directions.cardReviewWindow')}
            hint={t('admin.directions.minutes')}
            inputMode="numeric"
            error={form.error('cardReviewWindowMinutes')}
            {...form.field('cardReviewWindowMinutes')}
          />
          <TextField
            label={t('admin.directions.quoteLifetime')}
            hint={t('admin.directions.seconds')}
            inputMode="numeric"
            error={form.error('quoteLifetimeSeconds')}
            {...form.field('quoteLifetimeSeconds')}
          />
          <TextField
            label={t('admin.directions.opensAt')}
            hint={t('admin.directions.hoursHint')}
            placeholder="09:00"
            error={form.error('opensAt')}
            {...form.field('opensAt')}
          />
          <TextField
            label={t('admin.directions.closesAt')}
            hint={t('admin.directions.hoursHint')}
            placeholder="21:00"
            error={form.error('closesAt')}
            {...form.field('closesAt')}
          />
        </div>
        <div className={styles.grid}>
          <CheckboxField label={t('admin.directions.enabled')} {...form.field('enabled')} />
          <CheckboxField label={t('admin.directions.manualLabel')} {...form.field('manual')} />
          <CheckboxField label={t('admin.directions.cardVerifyLabel')} {...form.field('cardVerify')} />
        </div>
        {direction && !direction.available && direction.enabled && (
          <p className={`${styles.notice} ${styles.warning} ${styles.flush}`}>{t('admin.directions.unavailableWhy')}</p>
        )}
        <div className={styles.formFooter}>
          <Button type="submit" loading={form.isSubmitting}>
            {creating ? t('admin.directions.create') : t('admin.common.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
