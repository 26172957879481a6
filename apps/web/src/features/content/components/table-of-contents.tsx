import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ChevronDownIcon } from '../../../components/ui/icons';
import styles from './table-of-contents.module.css';

export interface Section {
  id: string;
  title: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Text of the server's HTML: tags dropped, character references read (it escapes no others). */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, ref: string) => {
      if (ref.startsWith('#')) {
        const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[ref.toLowerCase()] ?? whole;
    })
    .trim();
}

/**
 * The page's section headings, in order: the `<h2 id>` the server's Markdown renderer writes
 * (apps/server/src/modules/content/markdown.ts). Read as text, so the server draws it too.
 */
export function sectionsOf(html: string): Section[] {
  return [...html.matchAll(/<h2\b[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/h2>/g)].map(([, id = '', inner = '']) => ({
    id: textOf(id),
    title: textOf(inner),
  }));
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
