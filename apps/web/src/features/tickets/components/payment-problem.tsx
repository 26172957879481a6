import { useState } from 'react';
import { refundTicketBody, type Ticket } from '@obmen/shared/contracts';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import formStyles from '../../../components/ui/form.module.css';
import { useLanguage } from '../../../hooks/use-language';
import { ApiError } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format-amount';
import { formatDateTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { useContractForm } from '../../../lib/use-contract-form';
import { useContinueTicket } from '../api/continue-ticket';
import { useContinueQuote } from '../api/get-continue-quote';
import { useRequestRefund } from '../api/request-refund';
import styles from './payment-problem.module.css';

type Side = Pick<Ticket['give'], 'scale' | 'valute'>;

function useAmount() {
  const lang = useLanguage();
  return (sum: string, side: Side) => `${formatAmount(sum, lang, { scale: side.scale })} ${side.valute}`;
}

/** What the server said in the client's language (out of limits, the quote expired), else the generic words. */
function refusalMessages(error: Error, fallback: string): string[] {
  if (!(error instanceof ApiError)) return [fallback];
  const fields = error.parameterErrors?.flatMap((p) => p.messages) ?? [];
  if (fields.length > 0) return fields;
  return [error.errorMessage ?? fallback];
}

/**
 * Paid short, over or late (issue 35): the client chooses to continue at the current rate for what
 * arrived (seeing the offer first) or to get the money back to an address of the give currency.
 */
export function PaymentProblem({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const amount = useAmount();
  return (
    <section className={styles.problem} aria-labelledby="payment-problem" data-testid="payment-problem">
      <h2 id="payment-problem" className={styles.title}>
        {t('problemChoice.title')}
      </h2>
      {ticket.paymentProblem && <p className={styles.lead}>{t(`paymentProblem.${ticket.paymentProblem}`)}</p>}
      {ticket.received && (
        <p>
          {t('problemChoice.received', {
            amount: amount(ticket.received, ticket.give),
            expected: amount(ticket.give.sum, ticket.give),
          })}
        </p>
      )}
      <p>{t('problemChoice.choose')}</p>
      <div className={styles.choices}>
        <ContinueChoice ticket={ticket} />
        <RefundChoice ticket={ticket} />
      </div>
    </section>
  );
}

function ContinueChoice({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const amount = useAmount();
  const [asked, setAsked] = useState(false);
  const quote = useContinueQuote(ticket.id, lang, asked);
  const accept = useContinueTicket(ticket.id, lang);
  const refusal = quote.error ?? accept.error;
  return (
    <div className={styles.choice}>
      <h3 className={styles.choiceTitle}>{t('problemChoice.continueTitle')}</h3>
      <p>{t('problemChoice.continueText')}</p>
      {quote.data && (
        <p className={styles.offer} data-testid="continue-offer">
          {t('problemChoice.offer', {
            give: amount(quote.data.giveSum, ticket.give),
            get: amount(quote.data.getSum, ticket.get),
            time: formatDateTime(quote.data.expireTime, lang, 'short'),
          })}
        </p>
      )}
      {refusal && <FormAlert messages={refusalMessages(refusal, t('error.unexpected'))} />}
      {quote.data ? (
        <Button loading={accept.isPending} onClick={() => accept.mutate(quote.data.quoteToken)}>
          {t('problemChoice.accept')}
        </Button>
      ) : (
        <Button
          variant="secondary"
          loading={quote.isFetching}
          loadingText={t('problemChoice.offerLoading')}
          onClick={() => (asked ? void quote.refetch() : setAsked(true))}
        >
          {t('problemChoice.showOffer')}
        </Button>
      )}
    </div>
  );
}

function RefundChoice({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const refund = useRequestRefund(ticket.id, lang);
  const form = useContractForm({
    schema: refundTicketBody,
    defaultValues: { address: ticket.refundAddress ?? '' },
    logContext: 'refund request',
    onSubmit: async (body) => {
      await refund.mutateAsync(body);
    },
  });
  const card = ticket.give.kind === 'card' || ticket.give.kind === 'bank';
  return (
    <form className={`${styles.choice} ${formStyles.form}`} onSubmit={form.handleSubmit} noValidate>
      <h3 className={styles.choiceTitle}>{t('problemChoice.refundTitle')}</h3>
      <p>{t('problemChoice.refundText', { valute: ticket.give.valute })}</p>
      <FormAlert messages={form.formErrors} />
      <TextField
        label={t(card ? 'problemChoice.refundCard' : 'problemChoice.refundAddress')}
        autoComplete="off"
        spellCheck={false}
        error={form.error('address')}
        {...form.field('address')}
      />
      <Button type="submit" variant="secondary" loading={form.isSubmitting}>
        {t('problemChoice.askRefund')}
      </Button>
    </form>
  );
}
