import { useId, type ReactNode } from 'react';
import styles from './form-card.module.css';

/** The framed column that holds a page's form: login, registration, password reset, settings. */
export function FormCard({
  title,
  intro,
  children,
  footer,
  headingLevel = 1,
  wide = false,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  headingLevel?: 1 | 2;
  /** Fills its column instead of the narrow centred width of a lone form. */
  wide?: boolean;
}) {
  const headingId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const titleClass = `${styles.title} ${headingLevel === 2 ? styles.subtitle : ''}`;
  return (
    <section className={`${styles.card} ${wide ? styles.wide : ''}`} aria-labelledby={headingId}>
      <Heading id={headingId} className={titleClass}>
        {title}
      </Heading>
      {intro && <div className={styles.intro}>{intro}</div>}
      {children}
      {footer && <div className={styles.footer}>{footer}</div>}
    </section>
  );
}
