import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { Page, PageSlug } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
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
  const { t } = useTranslation();
  const query = usePage(slug, lang);
  const page = query.data;
  // The same title and description the server put in the HTML for this address.
  useDocumentMeta({
    title: page?.metaTitle ?? `${t(`pages.${slug}`)} — Obmen`,
    description: page?.metaDescription,
  });

  if (query.isPending) return <ContentLoading />;
  if (query.isError && isMissing(query.error)) {
    return (
      <ContentNotFound
        title={t('error.pageNotFound')}
        text={t('content.missingPage')}
        action={<ActionLink to={`/${lang}/`}>{t('notFound.home')}</ActionLink>}
      />
    );
  }
  if (query.isError) return <ContentError error={query.error} onRetry={() => void query.refetch()} />;

  const contents = withContents ? page!.html : '';
  return (
    <div className={textStyle === 'lead' ? `${styles.page} ${styles.narrow}` : styles.page}>
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
