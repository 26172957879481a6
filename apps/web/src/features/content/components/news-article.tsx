import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import type { Lang } from '@obmen/shared/i18n';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { PageMeta } from '../../../components/page-meta';
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
  const backTo = newsListPath(lang, fromPage);

  if (missing) return <NewsItemNotFound lang={lang} />;
  if (query.isPending) return <ContentLoading />;
  if (query.isError) return <ContentError error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <article className={styles.article}>
      <PageMeta
        title={`${item!.title} — Obmen`}
        description={item!.summary}
        path={`news/${item!.id}`}
        publishedTime={item!.publishedAt}
      />
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

/** A news id that names no item: the page says so, with the way back to the list (status 404). */
export function NewsItemNotFound({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  return (
    <ContentNotFound
      title={t('content.news.notFound')}
      text={t('content.news.notFoundText')}
      action={<ActionLink to={newsListPath(lang, 1)}>{t('content.news.allNews')}</ActionLink>}
    />
  );
}
