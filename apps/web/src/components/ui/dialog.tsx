import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { CloseIcon } from './icons';
import styles from './dialog.module.css';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read out with the title; say in one line what the dialog is for. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons under the body, right-aligned on wide screens. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Hides the × button, for a dialog that must be answered with one of its own buttons. */
  hideClose?: boolean;
}

/**
 * A modal dialog (Radix): focus moves in and is trapped, Escape and the backdrop close it, focus
 * returns to what opened it, and the page behind is inert for screen readers. A notice that opens
 * with the page is a `NoticeDialog`.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  hideClose = false,
}: DialogProps) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={`${styles.panel} ${styles.content} ${styles[size]}`}
          {...(!description && { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            {!hideClose && (
              <RadixDialog.Close className={styles.close} aria-label={t('common.close')}>
                <CloseIcon />
              </RadixDialog.Close>
            )}
          </div>
          {description && (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          )}
          {children && <div className={styles.body}>{children}</div>}
          {footer && <div className={styles.footer}>{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
