import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { Page, PageSlug } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { PageMeta } from '../../../components/page-meta';
import { isMissing } from '../api/retry';
import { usePage } from '../api/get-page';
import { ActionLink, ContentError, ContentLoading, ContentNotFound } from './content-states';
import { RichText } from './rich-text';
import { TableOfContents } from './table-of-contents';
import styles from './content-page.module.css';
import prose from './prose.module.css';

interface ContentPageProps {
  slug: PageSlug;
  lang: Lang;
  /** Long pages get a table of contents of their sections. */
  withContents?: boolean;
  /** Shown between the heading and the text (the contact channels). */
  intro?: ReactNode;
  /** Shown after the text (the FAQ's questions). */
  children?: (page: Page) => ReactNode;
  /** `card` for long-form reading; `lead` for a short introduction to what follows. */
  textStyle?: 'card' | 'lead';
}

/** One of the public pages: its title, its text from the database, and what the page adds. */
export function ContentPage({
  slug,
  lang,
  withContents = false,
  intro,
  children,
  textStyle = 'card',
}: ContentPageProps) {
  const query = usePage(slug, lang);
  const page = query.data;
  if (query.isPending) return <ContentLoading />;
  if (query.isError && isMissing(query.error)) return <ContentPageNotFound lang={lang} />;
  if (query.isError) return <ContentError error={query.error} onRetry={() => void query.refetch()} />;

  const contents = withContents ? page!.html : '';
  return (
    <div className={textStyle === 'lead' ? `${styles.page} ${styles.narrow}` : styles.page}>
      <PageMeta title={page!.metaTitle} description={page!.metaDescription} />
      <header className={styles.header}>
        <h1 className={styles.title}>{page!.title}</h1>
      </header>
      {intro}
      <div className={contents ? styles.withContents : undefined}>
        <div className={styles.main}>
          {contents && <TableOfContents html={contents} variant="compact" />}
          {page!.html &&
            (textStyle === 'card' ? (
              <article className={styles.card}>
                <RichText html={page!.html} className={prose.lead} />
              </article>
            ) : (
              <RichText html={page!.html} className={`${prose.lead} ${styles.intro}`} />
            ))}
          {children?.(page!)}
        </div>
        {contents && <TableOfContents html={contents} variant="aside" />}
      </div>
    </div>
  );
}

/** A page the operator has not written (status 404). */
export function ContentPageNotFound({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  return (
    <ContentNotFound
      title={t('error.pageNotFound')}
      text={t('content.missingPage')}
      action={<ActionLink to={`/${lang}/`}>{t('notFound.home')}</ActionLink>}
    />
  );
}
