import { useState } from 'react';
import { compareAmounts } from '@obmen/shared/amount-text';
import { refundExcessBody, refundTicketBody, type PaymentChoices, type Ticket } from '@obmen/shared/contracts';
import { rateText } from '@obmen/shared/money';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import formStyles from '../../../components/ui/form.module.css';
import { formatDuration, useTimeLeft } from '../../../hooks/use-time-left';
import { useLanguage } from '../../../hooks/use-language';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { ApiError } from '../../../lib/api-client';
import { formatAmount, formatPercent } from '../../../lib/format-amount';
import { formatDateTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { useContractForm } from '../../../lib/use-contract-form';
import { useContinueTicket } from '../api/continue-ticket';
import { useContinueQuote } from '../api/get-continue-quote';
import { usePayRest } from '../api/pay-rest';
import { useRefundExcess } from '../api/refund-excess';
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

/** A card or bank give side takes its money back to a card; coins to an address. */
const toCard = (ticket: Ticket) => ticket.give.kind === 'card' || ticket.give.kind === 'bank';

/**
 * Paid short, over or late (issues 35, 45): the client chooses, each choice with its figures shown
 * before it is taken — the rest paid within the window at the ticket's rate (short), the ticket's
 * sums with the excess back less the network fee (over), all that arrived at today's fixed rate, or
 * everything back to an address of the give currency.
 */
export function PaymentProblem({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const amount = useAmount();
  const choices = ticket.paymentChoices;
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
        {choices?.payRest && <PayRestChoice ticket={ticket} offer={choices.payRest} />}
        {choices?.refundExcess && <RefundExcessChoice ticket={ticket} offer={choices.refundExcess} />}
        {/* Refused on AML review (issue 48): the money only goes back. */}
        {ticket.paymentProblem !== 'aml' && <ContinueChoice ticket={ticket} />}
        <RefundChoice ticket={ticket} />
      </div>
    </section>
  );
}

/** The address alone is typed; the figure goes with it from the offer shown. */
const excessAddressForm = refundExcessBody.pick({ address: true });

function PayRestChoice({ ticket, offer }: { ticket: Ticket; offer: NonNullable<PaymentChoices['payRest']> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const amount = useAmount();
  const take = usePayRest(ticket.id, lang);
  const zone = useTimeZone();
  const deadline = Date.parse(offer.deadline);
  const left = useTimeLeft(deadline);
  const closed = left === 0;
  return (
    <div className={styles.choice} data-testid="choice-pay-rest">
      <h3 className={styles.choiceTitle}>{t('problemChoice.payRestTitle')}</h3>
      <p className={styles.offer}>
        {t('problemChoice.payRestText', {
          rest: amount(offer.rest, ticket.give),
          time: formatDateTime(offer.deadline, lang, 'short', zone),
          get: amount(ticket.get.sum, ticket.get),
        })}
      </p>
      <p className={styles.clock} data-testid="pay-rest-left">
        {closed ? t('problemChoice.payRestClosed') : t('problemChoice.payRestLeft', { left: formatDuration(left) })}
      </p>
      {take.error && <FormAlert messages={refusalMessages(take.error, t('error.unexpected'))} />}
      <Button loading={take.isPending} disabled={closed} onClick={() => take.mutate(offer.rest)}>
        {t('problemChoice.payRest')}
      </Button>
    </div>
  );
}

function RefundExcessChoice({ ticket, offer }: { ticket: Ticket; offer: NonNullable<PaymentChoices['refundExcess']> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const amount = useAmount();
  const take = useRefundExcess(ticket.id, lang);
  const form = useContractForm({
    schema: excessAddressForm,
    defaultValues: { address: ticket.refundAddress ?? '' },
    logContext: 'excess refund',
    // The figure the client sees goes with the choice: the server refuses it if it no longer holds.
    onSubmit: async ({ address }) => {
      await take.mutateAsync({ address, refund: offer.refund });
    },
  });
  return (
    <form
      className={`${styles.choice} ${formStyles.form}`}
      onSubmit={form.handleSubmit}
      noValidate
      data-testid="choice-refund-excess"
    >
      <h3 className={styles.choiceTitle}>{t('problemChoice.refundExcessTitle')}</h3>
      <p>
        {t('problemChoice.refundExcessText', {
          give: amount(ticket.give.sum, ticket.give),
          get: amount(ticket.get.sum, ticket.get),
        })}
      </p>
      <p className={styles.offer} data-testid="refund-excess-figures">
        {t('problemChoice.refundExcessFigures', {
          excess: amount(offer.excess, ticket.give),
          fee: amount(offer.fee, ticket.give),
          refund: amount(offer.refund, ticket.give),
        })}
      </p>
      <FormAlert messages={form.formErrors} />
      <TextField
        label={t(toCard(ticket) ? 'problemChoice.refundExcessCard' : 'problemChoice.refundExcessAddress')}
        autoComplete="off"
        spellCheck={false}
        error={form.error('address')}
        {...form.field('address')}
      />
      <Button type="submit" loading={form.isSubmitting}>
        {t('problemChoice.refundExcess')}
      </Button>
    </form>
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
  // Counted from when this page got the quote, by the server's own count of seconds: not by comparing clocks.
  const deadline = quote.data ? quote.dataUpdatedAt + quote.data.validSeconds * 1000 : null;
  const left = useTimeLeft(deadline);
  const expired = quote.data !== undefined && left === 0;
  const rate = (value: string) => rateText(value, ticket.give, ticket.get, lang);
  return (
    <div className={styles.choice} data-testid="choice-continue">
      <h3 className={styles.choiceTitle}>{t('problemChoice.continueTitle')}</h3>
      <p>{t('problemChoice.continueText')}</p>
      {quote.data && (
        <div className={styles.figures} data-testid="continue-offer">
          <p className={styles.offer}>
            {t('problemChoice.offer', {
              give: amount(quote.data.giveSum, ticket.give),
              get: amount(quote.data.getSum, ticket.get),
            })}
          </p>
          <p>{t('problemChoice.offerRate', { rate: rate(quote.data.rate) })}</p>
          <p className={styles.muted}>
            {compareAmounts(quote.data.fixedExtraPercent, '0') > 0
              ? t('problemChoice.offerWhy', {
                  percent: formatPercent(quote.data.fixedExtraPercent, lang),
                  floating: rate(quote.data.floatingRate),
                  ticketRate: rate(ticket.rate),
                })
              : t('problemChoice.offerWhyFree', { ticketRate: rate(ticket.rate) })}
          </p>
          <p className={styles.clock} data-testid="continue-valid">
            {expired
              ? t('problemChoice.offerExpired')
              : t('problemChoice.offerValid', {
                  // Never more than the server gave: the clock starts ticking only after the answer.
                  seconds: Math.min(quote.data.validSeconds, Math.ceil(left / 1000)),
                })}
          </p>
        </div>
      )}
      {refusal && <FormAlert messages={refusalMessages(refusal, t('error.unexpected'))} />}
      {quote.data && !expired ? (
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
          {t(expired ? 'problemChoice.newOffer' : 'problemChoice.showOffer')}
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
  return (
    <form className={`${styles.choice} ${formStyles.form}`} onSubmit={form.handleSubmit} noValidate>
      <h3 className={styles.choiceTitle}>{t('problemChoice.refundTitle')}</h3>
      <p>{t('problemChoice.refundText', { valute: ticket.give.valute })}</p>
      <FormAlert messages={form.formErrors} />
      <TextField
        label={t(toCard(ticket) ? 'problemChoice.refundCard' : 'problemChoice.refundAddress')}
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
