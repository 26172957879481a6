import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { payoutFormSchema, REFERRAL_TERMS, type RefCurrency } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { sanitizeAmountInput } from '@obmen/shared/amount-text';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import formStyles from '../../../components/ui/form.module.css';
import { formatAmount } from '../../../lib/format-amount';
import { notify } from '../../../lib/notify';
import { useContractForm } from '../../../lib/use-contract-form';
import { useCreatePayout } from '../api/create-payout';
import { usePayoutCurrencies } from '../api/get-payout-currencies';
import styles from './referral.module.css';

const fieldsOf = (currencyCode: string) => ({ Currency: currencyCode, Sum: '', Requisite: '', AddRequisite: '' });

function Form({ owner, lang, currencies }: { owner: string; lang: Lang; currencies: RefCurrency[] }) {
  const { t } = useTranslation();
  const { mutateAsync } = useCreatePayout(owner);
  // The rules follow the currency chosen in the form itself: its minimum, balance and requisites.
  const schema = useMemo(
    () => ({
      safeParse: (values: ReturnType<typeof fieldsOf>) =>
        payoutFormSchema(currencies.find((c) => c.codeName === values.Currency)).safeParse(values),
    }),
    [currencies],
  );
  const form = useContractForm({
    schema,
    // The first currency the balance reaches; one it does not is listed, disabled, with the reason.
    defaultValues: fieldsOf((currencies.find((c) => c.maxSum !== null) ?? currencies[0])?.codeName ?? ''),
    logContext: 'payout request',
    onSubmit: async (body) => {
      await mutateAsync(body);
      form.reset(fieldsOf(body.Currency));
      notify({ status: 'success', message: t('referralPage.requested', { hours: REFERRAL_TERMS.payoutHours }) });
    },
  });
  const currency = currencies.find((c) => c.codeName === form.watch('Currency'));
  const maxSum = currency?.maxSum ?? null;
  const { onChange: _input, ...currencyField } = form.field('Currency');
  const sumField = form.field('Sum');

  const chooseCurrency = (code: string) => {
    // Another currency has another scale and other requisites: what was typed for the old one goes.
    form.reset(fieldsOf(code));
  };

  return (
    <form
      className={formStyles.form}
      onSubmit={form.handleSubmit}
      noValidate
      aria-label={t('referralPage.payoutTitle')}
    >
      <FormAlert messages={form.formErrors} />
      <SelectField
        label={t('referralPage.currency')}
        error={form.error('Currency')}
        {...currencyField}
        onChange={(event) => chooseCurrency(event.target.value)}
      >
        {currencies.map((c) => (
          <option key={c.codeName} value={c.codeName} disabled={c.maxSum === null}>
            {c.unavailableReason ? `${c.name} (${c.valute}) — ${c.unavailableReason}` : `${c.name} (${c.valute})`}
          </option>
        ))}
      </SelectField>
      {currency?.unavailableReason && (
        <p className={styles.muted} data-testid="payout-currency-unavailable">
          {currency.unavailableReason}
        </p>
      )}
      {currency && maxSum !== null && (
        <>
          <div className={styles.sumRow}>
            <TextField
              label={`${t('referralPage.sum')}, ${currency.valute}`}
              inputMode="decimal"
              autoComplete="off"
              hint={t('referralPage.sumHint', {
                min: formatAmount(currency.minSum, lang),
                max: formatAmount(maxSum, lang, { unit: currency.valute }),
              })}
              error={form.error('Sum')}
              {...sumField}
              onChange={(event) => {
                // Only what an amount can hold stays in the box: another character is dropped as typed.
                event.target.value = sanitizeAmountInput(event.target.value, currency.scale);
                return sumField.onChange(event);
              }}
            />
            <Button variant="secondary" className={styles.wholeBalance} onClick={() => form.setValue('Sum', maxSum)}>
              {t('referralPage.wholeBalance')}
            </Button>
          </div>
          <TextField
            label={currency.requisite.label}
            hint={currency.requisite.hint || undefined}
            placeholder={currency.requisite.placeholder || undefined}
            autoComplete="off"
            spellCheck={false}
            inputMode={
              currency.requisite.kind === 'card' || currency.requisite.kind === 'phone' ? 'numeric' : undefined
            }
            error={form.error('Requisite')}
            {...form.field('Requisite')}
          />
          {currency.addRequisite && (
            <TextField
              label={currency.addRequisite.label}
              hint={currency.addRequisite.hint || undefined}
              placeholder={currency.addRequisite.placeholder || undefined}
              autoComplete="off"
              error={form.error('AddRequisite')}
              {...form.field('AddRequisite')}
            />
          )}
        </>
      )}
      <p className={styles.muted}>{t('referralPage.payoutNote')}</p>
      <div className={formStyles.actions}>
        <Button type="submit" loading={form.isSubmitting} loadingText={t('referralPage.submitting')}>
          {t('referralPage.submit')}
        </Button>
      </div>
    </form>
  );
}

/** The withdrawal form: a currency from Ref/getcurrencies, the sum, the requisite and the additional one. */
export function PayoutForm({ owner, lang }: { owner: string; lang: Lang }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = usePayoutCurrencies(owner, lang);
  if (isPending) return <Spinner label={t('common.loading')} />;
  if (isError) {
    return (
      <p className={styles.muted}>
        {t('error.unexpected')}{' '}
        <button type="button" className={styles.linkButton} onClick={() => void refetch()}>
          {t('common.retry')}
        </button>
      </p>
    );
  }
  if (data.length === 0) return <p className={styles.muted}>{t('referralPage.noCurrencies')}</p>;
  return <Form owner={owner} lang={lang} currencies={data} />;
}
