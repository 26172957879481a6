import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { ApiError } from '../../lib/api-client';
import { reportError } from '../../lib/report-error';
import styles from './desk.module.css';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  /** Red confirm button: the step is hard or impossible to undo. */
  destructive?: boolean;
  onConfirm: () => Promise<unknown>;
  /** What the operator should read before confirming, under the description. */
  children?: ReactNode;
  size?: 'sm' | 'md';
}

/** Asks before a step that matters; a refusal from the server shows inside the dialog, which stays open. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive = false,
  onConfirm,
  children,
  size = 'sm',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const confirm = async () => {
    setBusy(true);
    setErrors([]);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (error) {
      const messages =
        error instanceof ApiError
          ? (error.parameterErrors?.flatMap((e) => e.messages) ?? (error.errorMessage ? [error.errorMessage] : []))
          : [];
      if (messages.length) setErrors(messages);
      else reportError('a console action failed', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setErrors([]);
        onOpenChange(next);
      }}
      title={title}
      description={description}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('admin.common.cancel')}
          </Button>
          <Button
            className={destructive ? styles.dangerButton : undefined}
            loading={busy}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {errors.length > 0 && <FormAlert messages={errors} />}
    </Dialog>
  );
}
