import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import type { Currency, Ticket } from '@obmen/shared/contracts';
import { usePagePath } from '../../../lib/embed-frame';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { RateSources } from '../../../components/rate-sources';
import { Spinner } from '../../../components/ui/spinner';
import formStyles from '../../../components/ui/form.module.css';
import { useLanguage } from '../../../hooks/use-language';
import { useTimeLeft } from '../../../hooks/use-time-left';
import { ApiError } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format-amount';
import { useContractForm } from '../../../lib/use-contract-form';
import { useCreateTicket } from '../api/create-ticket';
import { useCurrency } from '../api/get-currency';
import { useFields } from '../api/get-fields';
import { quoteDeadline, useLiveQuote } from '../hooks/use-live-quote';
import { randomKey } from '../random-key';
import {
  ticketBody,
  ticketFormDefaults,
  ticketFormNames,
  ticketFormSchema,
  type DraftExchange,
  type TicketFormFields,
  type TicketFormValues,
} from '../ticket-form';
import { ExchangeSummary } from './exchange-summary';
import { LoadProblem } from './load-problem';
import { DetailsStep, ReviewStep } from './ticket-form-steps';
import { TicketSteps } from './ticket-steps';
import styles from './create-ticket.module.css';

export interface TicketDraft extends DraftExchange {
  /** The amount typed in the converter: the give side for `sell`, the get side for `buy`. */
  sum: string;
  promocode: string;
}

interface CreateTicketProps {
  draft: TicketDraft;
  /** The logged-in user's e-mail, to start with. */
  email: string;
  /** The referral id a `?r=` link stored, sent with the ticket. */
  refId: string;
  /** Made in a partner's widget: the ticket says so (issue 47). */
  channel?: 'embed' | undefined;
  onCreated: (ticket: Ticket) => void;
}

/** How long typing in the promo field waits before the exchange is priced with the new code. */
const PROMO_DEBOUNCE_MS = 600;

/**
 * Ticket creation (spec §4): 'Step 1 of 3' the requisites, e-mail, promo code and agreements beside
 * the live exchange; 'Step 2 of 3' everything to check; then the ticket, made once however often
 * the button is pressed.
 */
export function CreateTicket(props: CreateTicketProps) {
  const lang = useLanguage();
  const { t } = useTranslation();
  const give = useCurrency(props.draft.giveName, lang);
  const get = useCurrency(props.draft.getName, lang);
  const fields = useFields(props.draft.giveName, props.draft.getName, lang);

  const failed = [give, get, fields].find((query) => query.isError);
  if (failed) {
    const gone = failed.error instanceof ApiError && failed.error.status === 404;
    return (
      <LoadProblem
        message={gone ? t('ticketCreate.currencyGone') : t('ticketCommon.unexpected')}
        {...(!gone && { onRetry: () => void Promise.all([give.refetch(), get.refetch(), fields.refetch()]) })}
      />
    );
  }
  if (!give.data || !get.data || !fields.data) return <Spinner label={t('common.loading')} />;
  return (
    <TicketForm
      key={`${props.draft.giveName}>${props.draft.getName}`}
      {...props}
      give={give.data}
      get={get.data}
      fields={fields.data}
    />
  );
}

interface TicketFormProps extends CreateTicketProps {
  give: Currency;
  get: Currency;
  fields: TicketFormFields;
}

function TicketForm({ draft, email, refId, channel, onCreated, give, get, fields }: TicketFormProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const pagePath = usePagePath();
  const [step, setStep] = useState<1 | 2>(1);
  const [quotedPromo, setQuotedPromo] = useState(draft.promocode.trim().toUpperCase());
  const quote = useLiveQuote(
    {
      giveName: draft.giveName,
      getName: draft.getName,
      sum: draft.sum,
      direction: draft.direction,
      useFixed: draft.useFixed,
      promocode: quotedPromo,
    },
    lang,
  );
  const create = useCreateTicket(lang);
  /** One key per attempt to create: kept across retries of a lost answer, new after a definite one. */
  const idempotencyKey = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const schema = useMemo(() => ticketFormSchema(fields), [fields]);
  const names = useMemo(() => ticketFormNames(fields), [fields]);

  const received = quote.data;
  const countdown = received ? quoteDeadline(received.quote.expireTime, received.receivedAt) : undefined;
  // A quote past its expiry, waiting for its replacement, is no longer one the server would honour.
  const quoteLeft = useTimeLeft(countdown?.deadline ?? null);
  const quoteReady = Boolean(received) && !quote.isError && !quote.isPlaceholderData && !(countdown && quoteLeft === 0);
  const promoProblem = received?.quote.promoError ?? null;

  const form = useContractForm<TicketFormValues, TicketFormValues>({
    schema,
    defaultValues: ticketFormDefaults(fields, email, draft.promocode),
    logContext: 'ticket creation',
    onSubmit: async (values) => {
      if (step === 1) {
        if (!quoteReady || promoProblem) return;
        idempotencyKey.current = randomKey();
        flushSync(() => setStep(2));
        headingRef.current?.focus();
        return;
      }
      if (!received || !quoteReady) return;
      idempotencyKey.current ??= randomKey();
      try {
        const ticket = await create.mutateAsync({
          body: {
            ...ticketBody(values, fields, draft, received.quote, quotedPromo, refId),
            ...(channel && { channel }),
          },
          idempotencyKey: idempotencyKey.current,
        });
        onCreated(ticket);
      } catch (failure) {
        if (failure instanceof ApiError) {
          // The server answered: whatever is sent next is a new request, not a retry of this one.
          idempotencyKey.current = randomKey();
          const fieldErrors = failure.parameterErrors?.filter((e) => names.includes(e.name)) ?? [];
          if (fieldErrors.length > 0) flushSync(() => setStep(1));
          // The rate, the range or the reserve moved: show the fresh calculation to confirm.
          else void quote.refetch();
        }
        throw failure;
      }
    },
  });

  // A session that finishes loading after the form appeared still fills in an empty e-mail.
  // Read, not watched: only the session's e-mail arriving runs this (a field cleared later stays
  // cleared), and typing in it does not redraw the form.
  const { getValues, setValue } = form;
  useEffect(() => {
    if (email && !getValues('email')) setValue('email', email);
  }, [email, getValues, setValue]);

  // The promo code is priced as it is typed, once the typing pauses.
  const typedPromo = form.watch('promocode').trim().toUpperCase();
  useEffect(() => {
    if (typedPromo === quotedPromo) return;
    const timer = setTimeout(() => setQuotedPromo(typedPromo), PROMO_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typedPromo, quotedPromo]);

  const back = () => {
    idempotencyKey.current = null;
    flushSync(() => setStep(1));
    headingRef.current?.focus();
  };

  const quoteProblems = quote.isError ? quoteErrorMessages(quote.error, t('ticketCommon.unexpected')) : [];
  const bonus = received?.quote.promo;

  const summary = received ? (
    <ExchangeSummary
      give={{ ...give, sum: received.quote.giveSum }}
      get={{ ...get, sum: received.quote.getSum }}
      rate={received.quote.rate}
      fixed={received.quote.fixed}
      countdown={quoteReady ? countdown : undefined}
      updating={quote.isFetching}
      extra={
        <>
          {bonus && (
            <p className={styles.bonus}>
              {t('ticketCreate.promoApplied', {
                code: bonus.code,
                bonus: `${formatAmount(bonus.bonus, lang, { scale: get.scale })} ${get.valute}`,
              })}
            </p>
          )}
          <RateSources
            rateSources={received.quote.rateSources}
            confirmations={received.quote.confirmations}
            className={styles.sources}
          />
        </>
      }
    />
  ) : quote.isError ? null : (
    <div className={styles.summaryPending}>
      <Spinner label={t('ticketCreate.calculating')} />
    </div>
  );

  return (
    <>
      <header className={styles.header}>
        <TicketSteps current={step} />
        <h1 className={styles.title} ref={headingRef} tabIndex={-1}>
          {t(step === 1 ? 'ticketCreate.titleDetails' : 'ticketCreate.titleReview')}
        </h1>
        {quoteProblems.length > 0 && (
          <div className={styles.quoteProblem} role="alert">
            {quoteProblems.map((message) => (
              <p key={message}>{message}</p>
            ))}
            <p className={styles.quoteActions}>
              <Button variant="secondary" onClick={() => void quote.refetch()} loading={quote.isFetching}>
                {t('ticketCreate.recalculate')}
              </Button>
              <Link to={pagePath(lang, 'home')}>{t('ticketCreate.changeAmount')}</Link>
            </p>
          </div>
        )}
      </header>
      <div className={styles.layout}>
        <div className={styles.main}>
          <form className={formStyles.form} onSubmit={form.handleSubmit} noValidate>
            {step === 1 ? (
              <DetailsStep form={form} fields={fields} give={give} get={get} promoProblem={promoProblem} />
            ) : (
              <ReviewStep values={form.getValues()} fields={fields} give={give} get={get} />
            )}
            <FormAlert messages={form.formErrors} />
            <div className={formStyles.actions}>
              {step === 2 && (
                <Button variant="secondary" onClick={back} disabled={form.isSubmitting}>
                  {t('ticketCreate.edit')}
                </Button>
              )}
              <Button
                type="submit"
                className={styles.submit}
                disabled={!quoteReady || (step === 1 && Boolean(promoProblem))}
                loading={form.isSubmitting}
                loadingText={t('ticketCreate.creating')}
              >
                {t(step === 1 ? 'ticketCreate.continue' : 'ticketCreate.confirm')}
              </Button>
            </div>
            {!quoteReady && !quote.isError && <p className={styles.waiting}>{t('ticketCreate.waitingForRate')}</p>}
          </form>
        </div>
        {summary && <aside className={styles.aside}>{summary}</aside>}
      </div>
    </>
  );
}

function quoteErrorMessages(error: unknown, fallback: string): string[] {
  if (error instanceof ApiError) {
    const fromFields = error.parameterErrors?.flatMap((e) => e.messages) ?? [];
    if (fromFields.length > 0) return fromFields;
    if (error.errorMessage) return [error.errorMessage];
  }
  return [fallback];
}
