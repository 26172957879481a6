import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useParams } from 'react-router';
import { adminFaqBody, adminPageBody, type AdminFaqItem, type AdminPage, type AdminPages } from '@obmen/shared/admin';
import { PAGE_SLUGS } from '@obmen/shared/contracts';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { reportError } from '../../lib/report-error';
import { useContractForm } from '../../lib/use-contract-form';
import { useAdminMutation, adminQueryOptions } from '../api/resources';
import { TextAreaField, TextField } from '../components/fields';
import { formatDateTime } from '../components/format';
import { MarkdownPreview } from '../components/markdown-preview';
import { QueryState } from '../components/query-state';
import { RowsEditor, rowErrors } from '../components/rows-editor';
import styles from '../components/desk.module.css';
import { useConsoleLanguage } from '../hooks/use-console-language';
import { screenLoader } from '../staff';
import { TableScroll } from '../components/table-scroll';

const pagesRead = adminQueryOptions<AdminPages>('pages', '/pages');

export const loader = screenLoader('admin', pagesRead);
export { ScreenError as ErrorBoundary } from '../components/screen-error';

/** The public pages (about, partner, rules, AML, FAQ, contacts) in both languages, and the FAQ's questions. */
export function Component() {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const { slug } = useParams();
  const data = useQuery(pagesRead);
  const page = data.data?.pages.find((p) => p.slug === slug);
  return (
    <div className={styles.page}>
      <div className={`${styles.header} ${slug ? styles.hideWhenNarrow : ''}`}>
        <h1 className={styles.title}>{t('admin.pages.title')}</h1>
      </div>
      {!data.data ? (
        <QueryState error={data.error} onRetry={() => void data.refetch()} />
      ) : (
        <div className={`${styles.split} ${slug ? styles.splitOpen : ''}`}>
          <TableScroll className={slug ? styles.hideWhenNarrow : ''}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('admin.pages.page')}</th>
                  <th scope="col">{t('admin.pages.updated')}</th>
                </tr>
              </thead>
              <tbody>
                {PAGE_SLUGS.map((s) => {
                  const row = data.data.pages.find((p) => p.slug === s);
                  return (
                    <tr key={s} className={s === slug ? styles.selected : undefined}>
                      <td>
                        <Link to={`/admin/pages/${s}`} className={styles.rowLink}>
                          {row ? (lang === 'en' ? row.titleEn : row.titleRu) : s}
                        </Link>
                        <div className={`${styles.small} ${styles.muted}`}>/{s}</div>
                      </td>
                      <td className={styles.nowrap}>{row ? formatDateTime(row.updatedAt, lang) : '—'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
          {slug && (PAGE_SLUGS as readonly string[]).includes(slug) && (
            <div className={`${styles.detailSticky} ${styles.page}`}>
              <PageForm key={`${slug}-${page?.updatedAt ?? ''}`} slug={slug} page={page ?? null} />
              {slug === 'faq' && <FaqForm key={JSON.stringify(data.data.faq)} items={data.data.faq} />}
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function PageForm({ slug, page }: { slug: string; page: AdminPage | null }) {
  const { t } = useTranslation();
  const save = useAdminMutation(['pages']);
  const form = useContractForm({
    schema: adminPageBody,
    defaultValues: {
      titleRu: page?.titleRu ?? '',
      titleEn: page?.titleEn ?? '',
      metaTitleRu: page?.metaTitleRu ?? '',
      metaTitleEn: page?.metaTitleEn ?? '',
      metaDescriptionRu: page?.metaDescriptionRu ?? '',
      metaDescriptionEn: page?.metaDescriptionEn ?? '',
      bodyRu: page?.bodyRu ?? '',
      bodyEn: page?.bodyEn ?? '',
    },
    logContext: 'saving a page',
    onSubmit: async (body) => {
      await save.mutateAsync({ method: 'PUT', path: `/pages/${slug}`, json: body });
      notify({ status: 'success', message: t('admin.pages.saved') });
    },
  });
  return (
    <section className={styles.panel} aria-label={slug}>
      <div className={styles.header}>
        <h2 className={styles.subtitle}>/{slug}</h2>
        <div className={styles.actions}>
          <a className={styles.smallButton} href={`/ru/${slug}`} target="_blank" rel="noreferrer">
            {t('admin.common.openOnSite')}
          </a>
          <Link to="/admin/pages" className={styles.smallButton}>
            {t('admin.common.close')}
          </Link>
        </div>
      </div>
      <form className={styles.form} onSubmit={form.handleSubmit} noValidate>
        <FormAlert messages={form.formErrors} />
        <div className={styles.pair}>
          {(['Ru', 'En'] as const).map((suffix) => (
            <fieldset key={suffix} className={styles.fieldset} lang={suffix.toLowerCase()}>
              <legend>{t(`admin.common.in${suffix}`)}</legend>
              <TextField
                label={t('admin.pages.heading')}
                error={form.error(`title${suffix}`)}
                {...form.field(`title${suffix}`)}
              />
              <TextField
                label={t('admin.pages.metaTitle')}
                error={form.error(`metaTitle${suffix}`)}
                {...form.field(`metaTitle${suffix}`)}
              />
              <TextAreaField
                label={t('admin.pages.metaDescription')}
                rows={2}
                error={form.error(`metaDescription${suffix}`)}
                {...form.field(`metaDescription${suffix}`)}
              />
              <TextAreaField
                label={t('admin.pages.body')}
                hint={t('admin.common.markdownHint')}
                rows={10}
                error={form.error(`body${suffix}`)}
                {...form.field(`body${suffix}`)}
              />
              <MarkdownPreview markdown={String(form.watch(`body${suffix}`))} label={t('admin.common.preview')} />
            </fieldset>
          ))}
        </div>
        <div className={styles.formFooter}>
          <Button type="submit" loading={form.isSubmitting}>
            {t('admin.common.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function FaqForm({ items }: { items: AdminFaqItem[] }) {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const save = useAdminMutation(['pages']);
  const [rows, setRows] = useState(items);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = rowErrors(adminFaqBody.shape.items, rows, lang);
    setErrors(found);
    setFormErrors([]);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ method: 'PUT', path: '/pages/faq/items', json: { items: rows } });
      notify({ status: 'success', message: t('admin.pages.faqSaved') });
    } catch (error) {
      if (error instanceof ApiError && (error.parameterErrors || error.errorMessage)) {
        setFormErrors(error.parameterErrors?.flatMap((e) => e.messages) ?? [error.errorMessage!]);
      } else reportError('saving the FAQ failed', error);
    }
  };
  return (
    <form className={styles.panel} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="faq-items">
      <h2 id="faq-items" className={styles.subtitle}>
        {t('admin.pages.faq')}
      </h2>
      <FormAlert messages={formErrors} />
      <RowsEditor
        legend={t('admin.pages.questions')}
        rows={rows}
        onChange={setRows}
        newRow={() => ({ questionRu: '', questionEn: '', answerRu: '', answerEn: '' })}
        errors={errors}
        addLabel={t('admin.pages.addQuestion')}
        columns={[
          { key: 'questionRu', label: t('admin.pages.questionRu'), wide: true },
          { key: 'questionEn', label: t('admin.pages.questionEn'), wide: true },
          { key: 'answerRu', label: t('admin.pages.answerRu'), type: 'textarea', wide: true },
          { key: 'answerEn', label: t('admin.pages.answerEn'), type: 'textarea', wide: true },
        ]}
      />
      <div className={styles.formFooter}>
        <Button type="submit" loading={save.isPending}>
          {t('admin.pages.saveFaq')}
        </Button>
      </div>
    </form>
  );
}
