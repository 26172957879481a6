import { useRef, type ReactNode } from 'react';
import { useScrollEdges } from '../../hooks/use-scroll-edges';
import { useTranslation } from '../../lib/i18n';
import styles from './desk.module.css';

/**
 * A console table's frame: on a screen narrower than the table it scrolls sideways, says so above
 * it and fades the side that hides more columns; a keyboard can focus it to scroll (issue 46).
 */
export function TableScroll({ className, children }: { className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const more = useScrollEdges(ref);
  const scrolls = more.before || more.after;
  return (
    <div className={`${styles.tableFrame} ${className ?? ''}`}>
      {scrolls && (
        <p className={styles.scrollHint} data-testid="table-scroll-hint">
          {t('admin.common.scrollHint')}
        </p>
      )}
      <div
        ref={ref}
        className={styles.tableWrap}
        data-more-before={more.before || undefined}
        data-more-after={more.after || undefined}
        {...(scrolls && { tabIndex: 0, role: 'region', 'aria-label': t('admin.common.scrollHint') })}
      >
        {children}
      </div>
    </div>
  );
}
