import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import type { Lang } from '@obmen/shared/i18n';
import { Pagination } from '../../../components/ui/pagination';
import { ArrowRightIcon } from '../../../components/ui/icons';
import { PageMeta } from '../../../components/page-meta';
import { useNewsPage } from '../api/get-news-page';
import { ActionLink, ContentError, ContentLoading, ContentNotFound } from './content-states';
import { NewsDate } from './news-date';
import { newsListPath, type NewsLinkState } from '../news-params';
import styles from './news.module.css';

/** One page of the news, newest first, with links to the other pages. */
export function NewsList({ page, lang }: { page: number; lang: Lang }) {
  const { t } = useTranslation();
  const query = useNewsPage(page, lang);
  const meta = (
    <PageMeta
      title={`${page > 1 ? t('content.news.pageTitle', { page }) : t('content.news.title')} — Obmen`}
      description={t('content.news.description')}
      path={page > 1 ? `news?page=${page}` : 'news'}
    />
  );

  if (query.isPending) return <ContentLoading />;
  if (query.isError) return <ContentError error={query.error} onRetry={() => void query.refetch()} />;

  const { items, total, perPage } = query.data;
  if (items.length === 0 && page > 1) return <NewsPageNotFound lang={lang} />;

  return (
    <div className={styles.page}>
      {meta}
      <header className={styles.header}>
        <h1 className={styles.title}>{t('content.news.title')}</h1>
        <p className={styles.lead}>{t('content.news.lead')}</p>
      </header>
      {total === 0 ? (
        <p className={styles.empty}>{t('content.news.empty')}</p>
      ) : (
        <ol className={styles.list} aria-busy={query.isPlaceholderData || undefined} data-testid="news-list">
          {items.map((item) => (
            <li key={item.id} className={styles.card}>
              <NewsDate iso={item.publishedAt} lang={lang} className={styles.date} />
              <h2 className={styles.cardTitle}>
                <Link
                  to={`/${lang}/news/${item.id}`}
                  state={{ fromPage: page } satisfies NewsLinkState}
                  className={styles.cardLink}
                >
                  {item.title}
                </Link>
              </h2>
              <p className={styles.summary}>{item.summary}</p>
              <span className={styles.more} aria-hidden="true">
                {t('content.news.readMore')} <ArrowRightIcon size={16} />
              </span>
            </li>
          ))}
        </ol>
      )}
      <Pagination
        page={page}
        perPage={perPage}
        total={total}
        hrefFor={(n) => newsListPath(lang, n)}
        label={t('content.news.pages')}
      />
    </div>
  );
}

/** A page past the list's last one (status 404): the way back to the first. */
export function NewsPageNotFound({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  return (
    <ContentNotFound
      title={t('content.news.noSuchPage')}
      text={t('content.news.noSuchPageText')}
      action={<ActionLink to={newsListPath(lang, 1)}>{t('content.news.toFirstPage')}</ActionLink>}
    />
  );
}
