import { useNavigate } from 'react-router';
import { findTicketBody } from '@obmen/shared/contracts';
import { pagePath } from '@obmen/shared/routing';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import formStyles from '../../../components/ui/form.module.css';
import { useLanguage } from '../../../hooks/use-language';
import { useTranslation } from '../../../lib/i18n';
import { useContractForm } from '../../../lib/use-contract-form';
import { useFindTicket } from '../api/find-ticket';

/** A ticket's number and e-mail lead to its page; a wrong pair says 'Заявка не найдена'. */
export function FindTicketForm() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const { mutateAsync } = useFindTicket();
  const form = useContractForm({
    schema: findTicketBody,
    defaultValues: { number: '', email: '' },
    logContext: 'ticket lookup',
    onSubmit: async ({ number, email }) => {
      const { id } = await mutateAsync({ number: String(number), email });
      await navigate(pagePath(lang, 'ticket_info', { id }));
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
