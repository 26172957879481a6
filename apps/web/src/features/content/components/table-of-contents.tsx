import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ChevronDownIcon } from '../../../components/ui/icons';
import styles from './table-of-contents.module.css';

export interface Section {
  id: string;
  title: string;
}

/** The page's section headings (the server gives each `<h2>` an id), in order. */
export function sectionsOf(html: string): Section[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.querySelectorAll('h2[id]')].map((h) => ({ id: h.id, title: h.textContent?.trim() ?? '' }));
}

/** How many sections a page needs before a table of contents helps more than it distracts. */
const MIN_SECTIONS = 4;

function Links({ sections }: { sections: Section[] }) {
  return (
    <ol className={styles.list}>
      {sections.map((section) => (
        <li key={section.id}>
          <a href={`#${section.id}`}>{section.title}</a>
        </li>
      ))}
    </ol>
  );
}

/**
 * "On this page": `aside` is a sticky column for wide screens, `compact` a fold-out list above the
 * text for phones; a page renders both and CSS shows the one that fits.
 */
export function TableOfContents({ html, variant }: { html: string; variant: 'aside' | 'compact' }) {
  const { t } = useTranslation();
  const sections = useMemo(() => sectionsOf(html), [html]);
  if (sections.length < MIN_SECTIONS) return null;
  if (variant === 'compact') {
    return (
      <details className={styles.compact}>
        <summary>
          {t('content.toc.title')} <span className={styles.count}>{sections.length}</span>
          <ChevronDownIcon className={styles.chevron} />
        </summary>
        <nav aria-label={t('content.toc.title')}>
          <Links sections={sections} />
        </nav>
      </details>
    );
  }
  return (
    <nav className={styles.aside} aria-label={t('content.toc.title')}>
      <p className={styles.heading}>{t('content.toc.title')}</p>
      <Links sections={sections} />
    </nav>
  );
}
