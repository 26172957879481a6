import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate, useParams } from 'react-router';
import { adminSeoBody, type AdminCurrency, type AdminSeo } from '@obmen/shared/admin';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../lib/notify';
import { useContractForm } from '../../lib/use-contract-form';
import { useAdminMutation, adminQueryOptions, useAdminQuery } from '../api/resources';
import { ConfirmDialog } from '../components/confirm-dialog';
import { SelectField, TextAreaField, TextField } from '../components/fields';
import { formatDateTime } from '../components/format';
import { MarkdownPreview } from '../components/markdown-preview';
import { QueryState } from '../components/query-state';
import { ConsoleSearch } from '../components/console-search';
import styles from '../components/desk.module.css';
import { useConsoleLanguage } from '../hooks/use-console-language';
import { screenLoader } from '../staff';
import { TableScroll } from '../components/table-scroll';

const seoList = adminQueryOptions<AdminSeo[]>('seo', '/seo');

export const loader = screenLoader('admin', seoList);
export { ScreenError as ErrorBoundary } from '../components/screen-error';

/** The texts of pair pages (`/SBERRUB--BTC`): meta tags, heading and the text under the converter, in both languages. */
export function Component() {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const { give, get } = useParams();
  const list = useQuery(seoList);
  const [filter, setFilter] = useState('');
  const open = give && get;
  const record = list.data?.find((s) => s.giveCode === give && s.getCode === get);
  const text = filter.trim().toUpperCase();
  const shown = (list.data ?? []).filter((s) => !text || s.giveCode.includes(text) || s.getCode.includes(text));
  return (
    <div className={styles.page}>
      <div className={`${styles.header} ${open ? styles.hideWhenNarrow : ''}`}>
        <h1 className={styles.title}>{t('admin.seo.title')}</h1>
        <Link to="/admin/seo/new/pair" className={styles.smallButton}>
          + {t('admin.seo.new')}
        </Link>
      </div>
      <div className={`${styles.toolbar} ${open ? styles.hideWhenNarrow : ''}`}>
        <ConsoleSearch id="seo-search" label={t('admin.seo.search')} value={filter} onChange={setFilter} />
      </div>
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <div className={`${styles.split} ${open ? styles.splitOpen : ''}`}>
          <TableScroll className={open ? styles.hideWhenNarrow : ''}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('admin.seo.pair')}</th>
                  <th scope="col">{t('admin.seo.heading')}</th>
                  <th scope="col">{t('admin.pages.updated')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((s) => (
                  <tr
                    key={`${s.giveCode}>${s.getCode}`}
                    className={s.giveCode === give && s.getCode === get ? styles.selected : undefined}
                  >
                    <td className={styles.nowrap}>
                      <Link to={`/admin/seo/${s.giveCode}/${s.getCode}`} className={styles.rowLink}>
                        {s.giveCode} → {s.getCode}
                      </Link>
                    </td>
                    <td>{lang === 'en' ? s.siteHeaderEn : s.siteHeaderRu}</td>
                    <td className={styles.nowrap}>{formatDateTime(s.updatedAt, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {shown.length === 0 && <p className={styles.empty}>{t('admin.common.nothingFound')}</p>}
          </TableScroll>
          {open && (give === 'new' || record) && (
            <div className={styles.detailSticky}>
              <SeoForm key={`${give}>${get}`} record={give === 'new' ? null : record!} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}

const FIELDS = ['metaTitle', 'metaDescription', 'keywords', 'siteHeader', 'textTitle', 'textBody'] as const;

function SeoForm({ record }: { record: AdminSeo | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useAdminMutation(['seo']);
  const currencies = useAdminQuery<AdminCurrency[]>('currencies', '/currencies');
  const [pair, setPair] = useState({ give: record?.giveCode ?? 'SBERRUB', get: record?.getCode ?? 'BTC' });
  const [deleting, setDeleting] = useState(false);
  const codes = (currencies.data ?? []).map((c) => ({ value: c.code, label: c.code }));
  const form = useContractForm({
    schema: adminSeoBody,
    defaultValues: Object.fromEntries(
      FIELDS.flatMap((f) => (['Ru', 'En'] as const).map((l) => [`${f}${l}`, record?.[`${f}${l}`] ?? ''])),
    ) as Record<`${(typeof FIELDS)[number]}${'Ru' | 'En'}`, string>,
    logContext: 'saving an SEO record',
    onSubmit: async (body) => {
      await save.mutateAsync({ method: 'PUT', path: `/seo/${pair.give}/${pair.get}`, json: body });
      notify({ status: 'success', message: t('admin.seo.saved', { pair: `${pair.give} → ${pair.get}` }) });
      if (!record) void navigate(`/admin/seo/${pair.give}/${pair.get}`, { replace: true });
    },
  });
  const multiline = (f: (typeof FIELDS)[number]) => f === 'metaDescription' || f === 'textBody';
  return (
    <section
      className={styles.panel}
      aria-label={record ? `${record.giveCode} → ${record.getCode}` : t('admin.seo.new')}
    >
      <div className={styles.header}>
        <h2 className={styles.subtitle}>{record ? `${record.giveCode} → ${record.getCode}` : t('admin.seo.new')}</h2>
        <div className={styles.actions}>
          {record && (
            <a
              className={styles.smallButton}
              href={`/ru/${record.giveCode}--${record.getCode}`}
              target="_blank"
              rel="noreferrer"
            >
              {t('admin.common.openOnSite')}
            </a>
          )}
          <Link to="/admin/seo" className={styles.smallButton}>
            {t('admin.common.close')}
          </Link>
        </div>
      </div>
      <form className={styles.form} onSubmit={form.handleSubmit} noValidate>
        <FormAlert messages={form.formErrors} />
        {!record && (
          <div className={styles.grid}>
            <SelectField
              id="seo-give"
              label={t('admin.directions.give')}
              options={codes}
              value={pair.give}
              onChange={(e) => setPair({ ...pair, give: e.target.value })}
            />
            <SelectField
              id="seo-get"
              label={t('admin.directions.get')}
              options={codes}
              value={pair.get}
              onChange={(e) => setPair({ ...pair, get: e.target.value })}
            />
          </div>
        )}
        <div className={styles.pair}>
          {(['Ru', 'En'] as const).map((suffix) => (
            <fieldset key={suffix} className={styles.fieldset} lang={suffix.toLowerCase()}>
              <legend>{t(`admin.common.in${suffix}`)}</legend>
              {FIELDS.map((f) => {
                const name = `${f}${suffix}` as const;
                return multiline(f) ? (
                  <TextAreaField
                    key={name}
                    label={t(`admin.seo.fields.${f}`)}
                    rows={f === 'textBody' ? 8 : 2}
                    error={form.error(name)}
                    {...form.field(name)}
                  />
                ) : (
                  <TextField
                    key={name}
                    label={t(`admin.seo.fields.${f}`)}
                    error={form.error(name)}
                    {...form.field(name)}
                  />
                );
              })}
              <MarkdownPreview markdown={String(form.watch(`textBody${suffix}`))} label={t('admin.common.preview')} />
            </fieldset>
          ))}
        </div>
        <div className={styles.formFooter}>
          {record && (
            <button
              type="button"
              className={`${styles.smallButton} ${styles.danger}`}
              onClick={() => setDeleting(true)}
            >
              {t('admin.common.delete')}
            </button>
          )}
          <Button type="submit" loading={form.isSubmitting}>
            {t('admin.common.save')}
          </Button>
        </div>
      </form>
      {record && deleting && (
        <ConfirmDialog
          open
          onOpenChange={setDeleting}
          title={t('admin.seo.deleteTitle', { pair: `${record.giveCode} → ${record.getCode}` })}
          description={t('admin.seo.deleteText')}
          confirmLabel={t('admin.common.delete')}
          destructive
          onConfirm={async () => {
            await save.mutateAsync({ method: 'DELETE', path: `/seo/${record.giveCode}/${record.getCode}` });
            notify({ status: 'success', message: t('admin.seo.deleted') });
            void navigate('/admin/seo', { replace: true });
          }}
        />
      )}
    </section>
  );
}
