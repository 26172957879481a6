import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { isPlainClick } from '../../../lib/plain-click';
import styles from './prose.module.css';

interface RichTextProps {
  /**
   * HTML the server rendered from the operator's Markdown with raw HTML escaped and only safe links
   * (apps/server/src/modules/content/markdown.ts), so it can be put on the page as it is.
   */
  html: string;
  className?: string;
}

/** Long-form text from the database; links to other pages of the site navigate without a reload. */
export function RichText({ html, className }: RichTextProps) {
  const navigate = useNavigate();

  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    if (!isPlainClick(event)) return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!link || !href || link.target || !href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    void navigate(href);
  };

  return (
    // The clicks come from the links inside, which keep their own keyboard behaviour (Enter clicks a link).
    <div
      className={[styles.prose, className].filter(Boolean).join(' ')}
      onClick={followInternalLink}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
