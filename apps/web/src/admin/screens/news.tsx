import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate, useParams } from 'react-router';
import { adminNewsBody, type AdminNews } from '@obmen/shared/admin';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { Pagination } from '../../components/ui/pagination';
import { notify } from '../../lib/notify';
import { useContractForm } from '../../lib/use-contract-form';
import { useAdminMutation, useAdminQuery, type Paged } from '../api/resources';
import { Badge } from '../components/badges';
import { ConfirmDialog } from '../components/confirm-dialog';
import { CheckboxField, TextAreaField, TextField } from '../components/fields';
import { formatDateTime } from '../components/format';
import { MarkdownPreview } from '../components/markdown-preview';
import { QueryState } from '../components/query-state';
import styles from '../components/desk.module.css';
import { useConsoleLanguage } from '../hooks/use-console-language';
import { screenLoader } from '../staff';
import { TableScroll } from '../components/table-scroll';

/** The form's value for a moment: `YYYY-MM-DDTHH:mm` in UTC, the way the schema reads it back. */
const toInput = (iso: string) => iso.slice(0, 16);

export const loader = screenLoader('admin');
export { ScreenError as ErrorBoundary } from '../components/screen-error';

/** News: bilingual articles in Markdown, with a preview rendered exactly as visitors will see it. */
export function Component() {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const { id } = useParams();
  const [page, setPage] = useState(1);
  const list = useAdminQuery<Paged<AdminNews>>('news', '/news', { page, perPage: 20 });
  const editing = id === 'new' ? null : list.data?.items.find((n) => String(n.id) === id);
  return (
    <div className={styles.page}>
      <div className={`${styles.header} ${id ? styles.hideWhenNarrow : ''}`}>
        <h1 className={styles.title}>{t('admin.news.title')}</h1>
        <Link to="/admin/news/new" className={styles.smallButton}>
          + {t('admin.news.new')}
        </Link>
      </div>
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <div className={`${styles.split} ${id ? styles.splitOpen : ''}`}>
          <div className={`${styles.page} ${id ? styles.hideWhenNarrow : ''}`}>
            <TableScroll>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('admin.news.headline')}</th>
                    <th scope="col">{t('admin.news.published')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((item) => (
                    <tr key={item.id} className={String(item.id) === id ? styles.selected : undefined}>
                      <td>
                        <Link to={`/admin/news/${item.id}`} className={styles.rowLink}>
                          {lang === 'en' ? item.titleEn : item.titleRu}
                        </Link>
                        <div className={`${styles.small} ${styles.muted}`}>/{item.slug}</div>
                      </td>
                      <td className={styles.nowrap}>
                        {formatDateTime(item.publishedAt, lang)}{' '}
                        {!item.published && <Badge tone="neutral">{t('admin.news.draft')}</Badge>}
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
          </div>
          {id && (id === 'new' || editing) && (
            <div className={styles.detailSticky}>
              <NewsForm key={id} item={editing ?? null} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function NewsForm({ item }: { item: AdminNews | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useAdminMutation<AdminNews>(['news']);
  const [deleting, setDeleting] = useState(false);
  const form = useContractForm({
    schema: adminNewsBody,
    defaultValues: {
      slug: item?.slug ?? '',
      publishedAt: toInput(item?.publishedAt ?? new Date().toISOString()),
      titleRu: item?.titleRu ?? '',
      titleEn: item?.titleEn ?? '',
      summaryRu: item?.summaryRu ?? '',
      summaryEn: item?.summaryEn ?? '',
      bodyRu: item?.bodyRu ?? '',
      bodyEn: item?.bodyEn ?? '',
      published: item?.published ?? true,
    },
    logContext: 'saving news',
    onSubmit: async (body) => {
      if (item) {
        await save.mutateAsync({ method: 'PUT', path: `/news/${item.id}`, json: body });
        notify({ status: 'success', message: t('admin.news.saved') });
      } else {
        const created = await save.mutateAsync({ method: 'POST', path: '/news', json: body });
        notify({ status: 'success', message: t('admin.news.created') });
        void navigate(`/admin/news/${created.id}`, { replace: true });
      }
    },
  });
  return (
    <section className={styles.panel} aria-label={item ? item.titleRu || item.slug : t('admin.news.new')}>
      <div className={styles.header}>
        <h2 className={styles.subtitle}>{item ? t('admin.news.edit') : t('admin.news.new')}</h2>
        <Link to="/admin/news" className={styles.smallButton}>
          {t('admin.common.close')}
        </Link>
      </div>
      <form className={styles.form} onSubmit={form.handleSubmit} noValidate>
        <FormAlert messages={form.formErrors} />
        <div className={styles.grid}>
          <TextField
            label={t('admin.news.slug')}
            hint={t('admin.news.slugHint')}
            error={form.error('slug')}
            {...form.field('slug')}
          />
          <TextField
            label={t('admin.news.date')}
            hint={t('admin.news.dateHint')}
            type="datetime-local"
            error={form.error('publishedAt')}
            {...form.field('publishedAt')}
          />
        </div>
        <CheckboxField label={t('admin.news.publishedLabel')} {...form.field('published')} />
        <div className={styles.pair}>
          {(['Ru', 'En'] as const).map((suffix) => (
            <fieldset key={suffix} className={styles.fieldset} lang={suffix.toLowerCase()}>
              <legend>{t(`admin.common.in${suffix}`)}</legend>
              <TextField
                label={t('admin.news.titleLabel')}
                error={form.error(`title${suffix}`)}
                {...form.field(`title${suffix}`)}
              />
              <TextAreaField
                label={t('admin.news.summary')}
                rows={2}
                error={form.error(`summary${suffix}`)}
                {...form.field(`summary${suffix}`)}
              />
              <TextAreaField
                label={t('admin.news.body')}
                hint={t('admin.common.markdownHint')}
                rows={8}
                error={form.error(`body${suffix}`)}
                {...form.field(`body${suffix}`)}
              />
              <MarkdownPreview markdown={String(form.watch(`body${suffix}`))} label={t('admin.common.preview')} />
            </fieldset>
          ))}
        </div>
        <div className={styles.formFooter}>
          {item && (
            <button
              type="button"
              className={`${styles.smallButton} ${styles.danger}`}
              onClick={() => setDeleting(true)}
            >
              {t('admin.common.delete')}
            </button>
          )}
          {item && (
            <a className={styles.smallButton} href={`/ru/news/${item.id}`} target="_blank" rel="noreferrer">
              {t('admin.common.openOnSite')}
            </a>
          )}
          <Button type="submit" loading={form.isSubmitting}>
            {item ? t('admin.common.save') : t('admin.news.publish')}
          </Button>
        </div>
      </form>
      {item && deleting && (
        <ConfirmDialog
          open
          onOpenChange={setDeleting}
          title={t('admin.news.deleteTitle')}
          description={t('admin.news.deleteText', { title: item.titleRu })}
          confirmLabel={t('admin.common.delete')}
          destructive
          onConfirm={async () => {
            await save.mutateAsync({ method: 'DELETE', path: `/news/${item.id}` });
            notify({ status: 'success', message: t('admin.news.deleted') });
            void navigate('/admin/news', { replace: true });
          }}
        />
      )}
    </section>
  );
}
