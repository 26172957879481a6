import { useEffect, useRef } from 'react';
import { Button } from './button';
import styles from './sent-notice.module.css';

/** What a form that mails a link shows once sent: the answer (the same whoever asked) and a way to send again. */
export function SentNotice({
  title,
  message,
  hint,
  againLabel,
  onAgain,
}: {
  title: string;
  message: string;
  hint: string;
  againLabel: string;
  onAgain: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that had the focus is gone; put it on the answer so keyboard users are not lost.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.sent}>
      <div role="status">
        <h2 className={styles.sentTitle} ref={heading} tabIndex={-1}>
          {title}
        </h2>
        <p>{message}</p>
      </div>
      <p className={styles.muted}>{hint}</p>
      <Button variant="secondary" onClick={onAgain}>
        {againLabel}
      </Button>
    </div>
  );
}
