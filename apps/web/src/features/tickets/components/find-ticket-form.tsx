import { findTicketBody } from '@obmen/shared/contracts';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import formStyles from '../../../components/ui/form.module.css';
import { useTranslation } from '../../../lib/i18n';
import { useContractForm } from '../../../lib/use-contract-form';
import { useFindTicket } from '../api/find-ticket';

/**
 * Asks for a ticket's link by its number and e-mail; the server mails it to the e-mail on the ticket
 * and answers the same for any pair, so `onSent` only learns the number asked about.
 */
export function FindTicketForm({ onSent }: { onSent: (number: number) => void }) {
  const { t } = useTranslation();
  const { mutateAsync } = useFindTicket();
  const form = useContractForm({
    schema: findTicketBody,
    defaultValues: { number: '', email: '' },
    logContext: 'ticket lookup',
    onSubmit: async ({ number, email }) => {
      await mutateAsync({ number: String(number), email });
      onSent(number);
    },
  });

  return (
    <form className={formStyles.form} onSubmit={form.handleSubmit} noValidate>
      <FormAlert messages={form.formErrors} />
      <TextField
        label={t('findTicket.number')}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        error={form.error('number')}
        {...form.field('number')}
      />
      <TextField
        label={t('findTicket.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        error={form.error('email')}
        {...form.field('email')}
      />
      <Button type="submit" block loading={form.isSubmitting} loadingText={t('findTicket.submitting')}>
        {t('findTicket.submit')}
      </Button>
    </form>
  );
}
