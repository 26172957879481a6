import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { adminDiscountBands, type AdminDiscountBand } from '@obmen/shared/admin';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { reportError } from '../../lib/report-error';
import { useAdminMutation, adminQueryOptions } from '../api/resources';
import { QueryState } from '../components/query-state';
import { RowsEditor, rowErrors } from '../components/rows-editor';
import styles from '../components/desk.module.css';
import { useConsoleLanguage } from '../hooks/use-console-language';
import { screenLoader, useStaff } from '../staff';

const bandList = adminQueryOptions<AdminDiscountBand[]>('discount-bands', '/discount-bands');

export const loader = screenLoader('operator', bandList);
export { ScreenError as ErrorBoundary } from '../components/screen-error';

/** The logged-in discount by successful USD turnover (design §4): a band applies from its turnover up. */
export function Component() {
  const { role } = useStaff();
  const { t } = useTranslation();
  const list = useQuery(bandList);
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('admin.discounts.title')}</h1>
      </div>
      <p className={`${styles.muted} ${styles.flush}`}>{t('admin.discounts.intro')}</p>
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <BandsForm key={JSON.stringify(list.data)} bands={list.data} readOnly={role !== 'admin'} />
      )}
    </div>
  );
}

function BandsForm({ bands, readOnly }: { bands: AdminDiscountBand[]; readOnly: boolean }) {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const save = useAdminMutation(['discount-bands']);
  const [rows, setRows] = useState(bands);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = rowErrors(adminDiscountBands.shape.bands, rows, lang);
    setErrors(found);
    setFormErrors([]);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ method: 'PUT', path: '/discount-bands', json: { bands: rows } });
      notify({ status: 'success', message: t('admin.discounts.saved') });
    } catch (error) {
      if (error instanceof ApiError && (error.parameterErrors || error.errorMessage)) {
        setFormErrors(error.parameterErrors?.flatMap((e) => e.messages) ?? [error.errorMessage!]);
      } else reportError('saving the discount bands failed', error);
    }
  };
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      {readOnly && <p className={`${styles.notice} ${styles.flush}`}>{t('admin.common.readOnly')}</p>}
      <FormAlert messages={formErrors} />
      <RowsEditor
        legend={t('admin.discounts.bands')}
        rows={rows}
        onChange={setRows}
        columns={[
          { key: 'minTurnoverUsd', label: t('admin.discounts.from') },
          { key: 'percent', label: t('admin.discounts.percent') },
        ]}
        newRow={() => ({ minTurnoverUsd: '', percent: '' })}
        errors={errors}
        disabled={readOnly}
        addLabel={t('admin.discounts.add')}
      />
      {!readOnly && (
        <div className={styles.formFooter}>
          <Button type="submit" loading={save.isPending}>
            {t('admin.common.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
