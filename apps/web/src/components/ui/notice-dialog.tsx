import { useId, useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { CloseIcon } from './icons';
import styles from './dialog.module.css';

export interface NoticeDialogProps {
  /** Any way of closing it: the × button, Escape, a click on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  /** Read out with the title. */
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /**
   * False while the page is still the server's drawing (and in the browser's first render, which
   * must match it): the dialog is drawn open in place, so it paints with the page; true makes it
   * the modal one.
   */
  modal?: boolean;
  className?: string;
}

/**
 * A notice that opens with the page (the home page's one-time warning): the browser's own modal
 * `<dialog>`, shown while mounted. The browser moves focus in and keeps it there, makes the page
 * behind inert, closes on Escape and returns focus on close, so none of Radix's machinery (and its
 * style reads and forced layouts) runs during the page's first render, where it cost more than the
 * page itself. Dialogs a visitor opens use `Dialog`.
 */
export function NoticeDialog({
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  modal = true,
  className = '',
}: NoticeDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // Made modal before the next paint; React has just taken the server's `open` away.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || !modal) return;
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
  }, [modal]);

  // A click on the backdrop lands on the dialog itself, outside its box.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) onClose();
  };

  return (
    <dialog
      ref={ref}
      open={!modal || undefined}
      className={`${styles.panel} ${styles.notice} ${styles[size]} ${className}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={closeOnBackdrop}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.close} aria-label={t('common.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {description && (
        <p id={descriptionId} className={styles.description}>
          {description}
        </p>
      )}
      {children && <div className={styles.body}>{children}</div>}
      {footer && <div className={styles.footer}>{footer}</div>}
    </dialog>
  );
}
