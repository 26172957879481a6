import { useId } from 'react';
import { ActionLink } from './content-states';
import styles from './page-prompt.module.css';

interface PagePromptProps {
  title: string;
  text: string;
  to: string;
  action: string;
}

/** The step a reader may want to take after the text: contact support, get a partner link. */
export function PagePrompt({ title, text, to, action }: PagePromptProps) {
  const id = useId();
  return (
    <aside className={styles.prompt} aria-labelledby={id}>
      <div>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        <p className={styles.text}>{text}</p>
      </div>
      <ActionLink to={to}>{action}</ActionLink>
    </aside>
  );
}
