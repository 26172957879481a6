import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { Page } from '@obmen/shared/contracts';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { RichText } from './rich-text';
import styles from './faq-list.module.css';

export const faqAnchor = (id: number) => `faq-${id}`;

/**
 * The questions as native disclosures: keyboard and screen readers get expand and collapse for free,
 * and the browser's find-in-page opens the answer it finds. A link to `#faq-ID` opens that answer.
 */
export function FaqList({ items }: { items: Page['faq'] }) {
  const { hash } = useLocation();

  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target instanceof HTMLDetailsElement) {
      target.open = true;
      target.scrollIntoView({ block: 'start' });
    }
  }, [hash, items]);

  return (
    <div className={styles.list}>
      {items.map((item) => (
        <details key={item.id} id={faqAnchor(item.id)} className={styles.item}>
          <summary className={styles.question}>
            <span>{item.question}</span>
            <ChevronDownIcon className={styles.chevron} />
          </summary>
          <RichText html={item.html} className={styles.answer} />
        </details>
      ))}
    </div>
  );
}
