import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import type { Currency } from '@obmen/shared/contracts';
import { pagePath } from '@obmen/shared/routing';
import { CheckboxField, TextField } from '../../../components/ui/text-field';
import { useLanguage } from '../../../hooks/use-language';
import type { ContractForm } from '../../../lib/use-contract-form';
import { requisiteName, type TicketFormFields, type TicketFormValues } from '../ticket-form';
import { RequisiteInput } from './requisite-input';
import styles from './create-ticket.module.css';

// Ticket creation's two steps (create-ticket.tsx): the details to fill in, and everything to check.
type Form = ContractForm<TicketFormValues>;

export function DetailsStep({
  form,
  fields,
  give,
  get,
  promoProblem,
}: {
  form: Form;
  fields: TicketFormFields;
  give: Currency;
  get: Currency;
  promoProblem: string | null;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const newTab = <span className="visually-hidden"> {t('form.newTab')}</span>;
  return (
    <>
      {(['give', 'get'] as const).map((side) =>
        fields[side].length > 0 ? (
          <fieldset key={side} className={styles.group}>
            <legend className={styles.legend}>
              {t(side === 'give' ? 'ticketCreate.giveFrom' : 'ticketCreate.getTo', {
                currency: side === 'give' ? give.name : get.name,
              })}
            </legend>
            {fields[side].map((field) => (
              <RequisiteInput
                key={field.name}
                field={field}
                error={form.error(requisiteName(side, field))}
                inputProps={form.field(requisiteName(side, field))}
              />
            ))}
            {/* Coins ask for a refund address among their fields; money from a card or a bank goes back where it came from. */}
            {side === 'give' && (give.kind === 'card' || give.kind === 'bank') && (
              <p className={styles.refundRule} data-testid="refund-rule">
                {t('refundRule.card')}
              </p>
            )}
          </fieldset>
        ) : null,
      )}
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('ticketCreate.contact')}</legend>
        <TextField
          label={t('ticketCreate.email')}
          hint={t('ticketCreate.emailHint')}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          error={form.error('email')}
          {...form.field('email')}
        />
        <TextField
          label={t('ticketCreate.promocode')}
          hint={t('ticketCreate.promocodeHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={form.error('promocode') ?? promoProblem ?? undefined}
          {...form.field('promocode')}
        />
      </fieldset>
      <div className={styles.agreements}>
        <CheckboxField
          label={
            <>
              {t('ticketCreate.agreeAmlBefore')}
              <Link to={pagePath(lang, 'aml')} target="_blank" rel="noopener">
                {t('ticketCreate.agreeAmlLink')}
                {newTab}
              </Link>
            </>
          }
          error={form.error('agreeAml')}
          {...form.field('agreeAml')}
        />
        <CheckboxField
          label={
            <>
              {t('ticketCreate.agreeRulesBefore')}
              <Link to={pagePath(lang, 'rules')} target="_blank" rel="noopener">
                {t('ticketCreate.agreeRulesLink')}
                {newTab}
              </Link>
            </>
          }
          error={form.error('agreeRules')}
          {...form.field('agreeRules')}
        />
      </div>
    </>
  );
}

export function ReviewStep({
  values,
  fields,
  give,
  get,
}: {
  values: TicketFormValues;
  fields: TicketFormFields;
  give: Currency;
  get: Currency;
}) {
  const { t } = useTranslation();
  const rows = (side: 'give' | 'get') =>
    fields[side]
      .map((field) => ({ field, value: String(values.requisites[side][field.name] ?? '').trim() }))
      .filter(({ value }) => value !== '');
  const promo = values.promocode.trim();
  return (
    <>
      <p className={styles.reviewIntro}>{t('ticketCreate.reviewIntro')}</p>
      <dl className={styles.review}>
        {(['give', 'get'] as const).map((side) =>
          rows(side).map(({ field, value }) => (
            <div key={`${side}.${field.name}`}>
              <dt>
                {field.label}
                <span className={styles.reviewSide}> · {side === 'give' ? give.name : get.name}</span>
              </dt>
              <dd>{value}</dd>
            </div>
          )),
        )}
        <div>
          <dt>{t('ticketCreate.email')}</dt>
          <dd>{String(values.email)}</dd>
        </div>
        {promo && (
          <div>
            <dt>{t('ticketCreate.promocode')}</dt>
            <dd>{promo.toUpperCase()}</dd>
          </div>
        )}
      </dl>
      <p className={styles.reviewNote}>
        {t(give.kind === 'card' ? 'ticketCreate.reviewNoteCard' : 'ticketCreate.reviewNote')}
      </p>
    </>
  );
}

/** What to say when the exchange cannot be priced: the server's own words when it gave any. */
