import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { Ticket } from '@obmen/shared/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { useLanguage } from '../../../hooks/use-language';
import { ApiError } from '../../../lib/api-client';
import { reportError } from '../../../lib/report-error';
import { useCancelTicket } from '../api/cancel-ticket';

/** Cancel, asked twice: a client who has already paid must not cancel by a slip of the finger. */
export function CancelTicket({ ticket }: { ticket: Pick<Ticket, 'id' | 'number' | 'status'> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [open, setOpen] = useState(false);
  const cancel = useCancelTicket(ticket.id, lang);
  const refusal = cancel.error instanceof ApiError && cancel.error.errorMessage ? [cancel.error.errorMessage] : [];

  const confirmCancel = async () => {
    try {
      await cancel.mutateAsync();
      setOpen(false);
    } catch (error) {
      if (!(error instanceof ApiError && error.errorMessage)) reportError('cancelling a ticket failed', error);
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          cancel.reset();
          setOpen(true);
        }}
      >
        {t('ticketCommon.cancel')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !cancel.isPending && setOpen(next)}
        title={t('ticketCommon.cancelTitle', { number: ticket.number })}
        description={t(ticket.status === 'advance' ? 'ticketCommon.cancelTextPay' : 'ticketCommon.cancelText')}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={cancel.isPending}>
              {t('ticketCommon.keep')}
            </Button>
            <Button onClick={() => void confirmCancel()} loading={cancel.isPending}>
              {t('ticketCommon.cancelConfirm')}
            </Button>
          </>
        }
      >
        {refusal.length > 0 ? <FormAlert messages={refusal} /> : null}
      </Dialog>
    </>
  );
}
