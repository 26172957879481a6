import { memo, useId } from 'react';
import styles from './home-sections.module.css';

/**
 * The text under the converter: the pair's own (spec §3 SEO record) or the home page's. Plain
 * paragraphs. Memoised: every quote re-renders the home page, which need not redraw this.
 */
export const SeoText = memo(function SeoText({ title, body }: { title: string; body: string }) {
  const id = useId();
  return (
    <section className={styles.seo} aria-labelledby={id} data-testid="seo-text">
      <h2 id={id} className={styles.seoTitle}>
        {title}
      </h2>
      {body
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
    </section>
  );
});
