import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import styles from './pagination.module.css';

/** How many page numbers the pager shows at once (spec §9). */
export const PAGER_WINDOW = 5;

/** The page numbers to show: `window` of them around `page`, kept inside 1…`pages`. */
export function pageWindow(page: number, pages: number, window = PAGER_WINDOW): number[] {
  const count = Math.min(window, pages);
  const first = Math.max(1, Math.min(page - Math.floor(window / 2), pages - count + 1));
  return Array.from({ length: count }, (_, i) => first + i);
}

interface PaginationProps {
  page: number;
  perPage: number;
  total: number;
  /** Pages as links (shareable, back button works) … */
  hrefFor?: (page: number) => string;
  /** … or as buttons, for a table inside a page. */
  onPageChange?: (page: number) => void;
  /** What the pager moves through, for screen readers: "Tickets pages". */
  label?: string;
}

/** A pager of five page numbers with previous and next; nothing when everything fits one page. */
export function Pagination({ page, perPage, total, hrefFor, onPageChange, label }: PaginationProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;

  const item = (target: number, content: React.ReactNode, extra: { rel?: string; aria?: string } = {}) => {
    const disabled = target < 1 || target > pages;
    const current = target === page && !extra.rel;
    const className = `${styles.item} ${current ? styles.current : ''}`;
    if (disabled) {
      return (
        <span className={`${styles.item} ${styles.disabled}`} aria-hidden="true">
          {content}
        </span>
      );
    }
    if (hrefFor) {
      return (
        <Link
          to={hrefFor(target)}
          className={className}
          aria-current={current ? 'page' : undefined}
          aria-label={extra.aria}
          rel={extra.rel}
        >
          {content}
        </Link>
      );
    }
    return (
      <button
        type="button"
        className={className}
        aria-current={current ? 'page' : undefined}
        aria-label={extra.aria}
        onClick={() => onPageChange?.(target)}
      >
        {content}
      </button>
    );
  };

  return (
    <nav className={styles.pager} aria-label={label ?? t('pagination.label')}>
      {item(page - 1, '‹', { rel: 'prev', aria: t('pagination.previous') })}
      {pageWindow(page, pages).map((n) => (
        <span key={n}>{item(n, n, { aria: t('pagination.page', { page: n }) })}</span>
      ))}
      {item(page + 1, '›', { rel: 'next', aria: t('pagination.next') })}
    </nav>
  );
}
