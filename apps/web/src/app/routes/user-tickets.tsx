import { useTranslation } from '../../lib/i18n';
import { useLocation, useSearchParams } from 'react-router';
import { TicketList } from '../../features/tickets/components/ticket-list';
import styles from './user-tickets.module.css';
import { PageMeta } from '../../components/page-meta';

/** The page number of `?page=`, 1 for anything that is not a whole number from 1. */
function pageOf(value: string | null): number {
  const page = Number.parseInt(value ?? '', 10);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

function Page() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const page = pageOf(search.get('page'));
  return (
    <section className={styles.page} aria-labelledby="user-tickets-title">
      <h1 id="user-tickets-title" className={styles.title}>
        {t('pages.user_tickets')}
      </h1>
      <TicketList page={page} hrefFor={(n) => (n === 1 ? pathname : `${pathname}?page=${n}`)} />
    </section>
  );
}

/** A page of one person's own, never indexed; the browser draws it. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={`${t('pages.user_tickets')} — Obmen`} noindex />
      <Page />
    </>
  );
}
