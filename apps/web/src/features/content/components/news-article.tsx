import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import type { Lang } from '@obmen/shared/i18n';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { useNewsItem } from '../api/get-news-item';
import { isMissing } from '../api/retry';
import { isNewsId, newsListPath } from '../news-params';
import { ActionLink, ContentError, ContentLoading, ContentNotFound } from './content-states';
import { NewsDate } from './news-date';
import { RichText } from './rich-text';
import styles from './news.module.css';

interface NewsArticleProps {
  id: string;
  lang: Lang;
  /** The list page this item was opened from, so "all news" goes back to it. */
  fromPage: number;
}

/** One news item in full, with a way back to the list page it came from. */
export function NewsArticle({ id, lang, fromPage }: NewsArticleProps) {
  const { t } = useTranslation();
  const wellFormed = isNewsId(id);
  const query = useNewsItem(id, lang, wellFormed);
  const missing = !wellFormed || (query.isError && isMissing(query.error));
  const item = query.data;
  // The same title and description the server put in the HTML for this address.
  useDocumentMeta({
    title: `${item?.title ?? (missing ? t('content.news.notFound') : t('content.news.title'))} — Obmen`,
    description: item?.summary,
  });
  const backTo = newsListPath(lang, fromPage);

  if (missing) {
    return (
      <ContentNotFound
        title={t('content.news.notFound')}
        text={t('content.news.notFoundText')}
        action={<ActionLink to={newsListPath(lang, 1)}>{t('content.news.allNews')}</ActionLink>}
      />
    );
  }
  if (query.isPending) return <ContentLoading />;
  if (query.isError) return <ContentError error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <article className={styles.article}>
      <Link to={backTo} className={styles.back}>
        <ArrowLeftIcon size={18} />
        {t('content.news.allNews')}
      </Link>
      <header className={styles.header}>
        <NewsDate iso={item!.publishedAt} lang={lang} className={styles.date} />
        <h1 className={styles.title}>{item!.title}</h1>
      </header>
      <div className={styles.articleCard}>
        <RichText html={item!.html} />
      </div>
      <Link to={backTo} className={styles.back}>
        <ArrowLeftIcon size={18} />
        {t('content.news.allNews')}
      </Link>
    </article>
  );
}
