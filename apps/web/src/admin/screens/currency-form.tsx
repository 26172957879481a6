import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate } from 'react-router';
import {
  adminCurrencyCreate,
  adminCurrencyFields,
  type AdminCurrency,
  type AdminPayTo,
  type AdminRequisiteField,
} from '@obmen/shared/admin';
import { CURRENCY_KINDS, REQUISITE_KINDS } from '@obmen/shared/contracts';
import { TX_HASH_FORMAT_NAMES } from '@obmen/shared/tx-explorer';
import { ADDRESS_FORMATS } from '@obmen/shared/addresses';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../lib/notify';
import { useContractForm, type FormSchema } from '../../lib/use-contract-form';
import { useAdminMutation } from '../api/resources';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../components/fields';
import { RowsEditor, rowErrors } from '../components/rows-editor';
import styles from '../components/desk.module.css';
import { useConsoleLanguage } from '../hooks/use-console-language';

import { PatternTry } from './currency-pattern-try';
import { WatchFields } from './currency-watch-fields';

/** A requisite field as the rows editor holds it: the address check's "none" is an empty choice. */
export type FieldRow = Omit<AdminRequisiteField, 'required' | 'format'> & { required: boolean; format: string };
const toFieldRow = (field: AdminCurrency['giveFields'][number]): FieldRow => ({ ...field, format: field.format ?? '' });

const blankField = (): FieldRow => ({
  name: '',
  kind: 'text',
  labelRu: '',
  labelEn: '',
  hintRu: '',
  hintEn: '',
  placeholder: '',
  placeholderEn: '',
  pattern: '^.+$',
  format: '',
  required: true,
});
const blankPayTo = (): AdminPayTo => ({ labelRu: '', labelEn: '', value: '' });

const ARRAYS = { giveFields: true, getFields: true, payTo: true } as const;
const createFlat = adminCurrencyCreate.omit(ARRAYS);
const editFlat = adminCurrencyFields.omit(ARRAYS);
const fieldList = adminCurrencyFields.shape.giveFields;
const payToList = adminCurrencyFields.shape.payTo;

/** Currencies: the list, and one currency's set-up (names, sides, requisite fields, where clients pay). */
/** The form's values for a currency, or for a new one. */
function currencyDefaults(currency: AdminCurrency | null) {
  return {
    code: currency?.code ?? '',
    nameRu: currency?.nameRu ?? '',
    nameEn: currency?.nameEn ?? '',
    valute: currency?.valute ?? '',
    kind: currency?.kind ?? 'crypto',
    iconPath: currency?.iconPath ?? '/icons/currencies/',
    scale: String(currency?.scale ?? 8),
    aliases: currency?.aliases.join(', ') ?? '',
    sortOrder: String(currency?.sortOrder ?? 100),
    usdPrice: '',
    highlighted: currency?.highlighted ?? false,
    giveEnabled: currency?.giveEnabled ?? true,
    getEnabled: currency?.getEnabled ?? true,
    referralPayout: currency?.referralPayout ?? false,
    explorerTxUrl: currency?.explorerTxUrl ?? '',
    txHashFormat: currency?.txHashFormat ?? 'hex64',
    watchMode: currency?.watchMode ?? 'off',
    watchChain: currency?.watchChain ?? '',
    watchXpub: currency?.watchXpub ?? '',
    watchAddress: currency?.watchAddress ?? '',
    watchToken: currency?.watchToken ?? '',
    watchDecimals: String(currency?.watchDecimals ?? 8),
    watchApiUrl: currency?.watchApiUrl ?? '',
    watchConfirmations: String(currency?.watchConfirmations ?? 2),
    refundFee: currency?.refundFee ?? '',
    messageGiveRu: currency?.messageGiveRu ?? '',
    messageGiveEn: currency?.messageGiveEn ?? '',
    messageGetRu: currency?.messageGetRu ?? '',
    messageGetEn: currency?.messageGetEn ?? '',
  };
}

export type CurrencyFormValues = ReturnType<typeof currencyDefaults>;

/** A currency's notes for clients, per side and language. */
const MESSAGE_FIELDS = ['messageGiveRu', 'messageGiveEn', 'messageGetRu', 'messageGetEn'] as const;

/** A currency's whole form: create or edit, with its requisite fields, pay-to lines and chain watch. */
export function CurrencyForm({ currency, readOnly }: { currency: AdminCurrency | null; readOnly: boolean }) {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const navigate = useNavigate();
  const save = useAdminMutation(['currencies', 'directions', 'prices', 'reserves']);
  const [giveFields, setGiveFields] = useState<FieldRow[]>(currency?.giveFields.map(toFieldRow) ?? []);
  const [getFields, setGetFields] = useState<FieldRow[]>(currency?.getFields.map(toFieldRow) ?? []);
  const [payTo, setPayTo] = useState<AdminPayTo[]>(currency?.payTo ?? []);
  const [rowProblems, setRowProblems] = useState<Record<string, Record<string, string>>>({});
  const creating = currency === null;

  const form = useContractForm({
    // Creating asks for the code and the first price as well; the rest is the same form.
    schema: (creating ? createFlat : editFlat) as FormSchema<Record<string, unknown>>,
    defaultValues: currencyDefaults(currency),
    logContext: 'saving a currency',
    onSubmit: async (flat) => {
      const problems = {
        giveFields: rowErrors(fieldList, giveFields, lang),
        getFields: rowErrors(fieldList, getFields, lang),
        payTo: rowErrors(payToList, payTo, lang),
      };
      setRowProblems(problems);
      if (Object.values(problems).some((p) => Object.keys(p).length > 0)) return;
      const body = { ...flat, giveFields, getFields, payTo };
      if (creating) {
        await save.mutateAsync({ method: 'POST', path: '/currencies', json: body });
        notify({
          status: 'success',
          message: t('admin.currencies.created', { code: form.getValues('code').toUpperCase() }),
        });
        void navigate(`/admin/currencies/${form.getValues('code').toUpperCase()}`, { replace: true });
      } else {
        await save.mutateAsync({ method: 'PATCH', path: `/currencies/${currency.code}`, json: body });
        notify({ status: 'success', message: t('admin.currencies.saved', { code: currency.code }) });
      }
    },
  });

  const fieldColumns = [
    { key: 'name', label: t('admin.currencies.fieldName') },
    {
      key: 'kind',
      label: t('admin.currencies.fieldKind'),
      type: 'select',
      options: REQUISITE_KINDS.map((k) => ({ value: k, label: t(`admin.currencies.fieldKinds.${k}`) })),
    },
    { key: 'labelRu', label: t('admin.currencies.labelRu') },
    { key: 'labelEn', label: t('admin.currencies.labelEn') },
    { key: 'hintRu', label: t('admin.currencies.hintRu') },
    { key: 'hintEn', label: t('admin.currencies.hintEn') },
    { key: 'placeholder', label: t('admin.currencies.placeholder') },
    { key: 'placeholderEn', label: t('admin.currencies.placeholderEn') },
    { key: 'pattern', label: t('admin.currencies.pattern'), wide: true },
    {
      key: 'format',
      label: t('admin.currencies.addressFormat'),
      type: 'select',
      options: [
        { value: '', label: t('admin.currencies.addressFormats.none') },
        ...ADDRESS_FORMATS.map((f) => ({ value: f, label: t(`admin.currencies.addressFormats.${f}`) })),
      ],
    },
    { key: 'required', label: t('admin.currencies.required'), type: 'checkbox' },
  ] as const;

  return (
    <section className={styles.panel} aria-label={creating ? t('admin.currencies.new') : currency.code}>
      <div className={styles.header}>
        <h2 className={styles.subtitle}>
          {creating
            ? t('admin.currencies.new')
            : `${currency.code} — ${lang === 'en' ? currency.nameEn : currency.nameRu}`}
        </h2>
        <Link to="/admin/currencies" className={styles.smallButton}>
          {t('admin.common.close')}
        </Link>
      </div>
      {readOnly && <p className={`${styles.notice} ${styles.flush}`}>{t('admin.common.readOnly')}</p>}
      <form className={styles.form} onSubmit={form.handleSubmit} noValidate>
        <fieldset className={styles.fieldset} disabled={readOnly}>
          <legend>{t('admin.currencies.main')}</legend>
          <FormAlert messages={form.formErrors} />
          <div className={styles.grid}>
            {creating && (
              <TextField
                label={t('admin.currencies.code')}
                hint={t('admin.currencies.codeHint')}
                autoCapitalize="characters"
                error={form.error('code')}
                {...form.field('code')}
              />
            )}
            <TextField label={t('admin.currencies.nameRu')} error={form.error('nameRu')} {...form.field('nameRu')} />
            <TextField label={t('admin.currencies.nameEn')} error={form.error('nameEn')} {...form.field('nameEn')} />
            <TextField
              label={t('admin.currencies.valute')}
              hint={t('admin.currencies.valuteHint')}
              error={form.error('valute')}
              {...form.field('valute')}
            />
            <SelectField
              label={t('admin.currencies.kind')}
              options={CURRENCY_KINDS.map((k) => ({ value: k, label: t(`admin.currencies.kinds.${k}`) }))}
              error={form.error('kind')}
              {...form.field('kind')}
            />
            <TextField
              label={t('admin.currencies.scale')}
              hint={t('admin.currencies.scaleHint')}
              inputMode="numeric"
              error={form.error('scale')}
              {...form.field('scale')}
            />
            <TextField
              label={t('admin.currencies.sortOrder')}
              inputMode="numeric"
              error={form.error('sortOrder')}
              {...form.field('sortOrder')}
            />
            {creating && (
              <TextField
                label={t('admin.currencies.usdPrice')}
                inputMode="decimal"
                error={form.error('usdPrice')}
                {...form.field('usdPrice')}
              />
            )}
            <div className={styles.wide}>
              <TextField
                label={t('admin.currencies.icon')}
                hint={
                  <>
                    {t('admin.currencies.iconHint')}{' '}
                    {/\.(svg|png|webp)$/.test(String(form.watch('iconPath'))) && (
                      <img
                        src={String(form.watch('iconPath'))}
                        alt={t('admin.currencies.iconPreview')}
                        className={styles.icon}
                      />
                    )}
                  </>
                }
                error={form.error('iconPath')}
                {...form.field('iconPath')}
              />
            </div>
            <div className={styles.wide}>
              <TextField
                label={t('admin.currencies.aliases')}
                hint={t('admin.currencies.aliasesHint')}
                error={form.error('aliases')}
                {...form.field('aliases')}
              />
            </div>
          </div>
          <div className={styles.grid}>
            <CheckboxField label={t('admin.currencies.giveEnabled')} {...form.field('giveEnabled')} />
            <CheckboxField label={t('admin.currencies.getEnabled')} {...form.field('getEnabled')} />
            <CheckboxField label={t('admin.currencies.highlightedLabel')} {...form.field('highlighted')} />
            <CheckboxField label={t('admin.currencies.referralPayout')} {...form.field('referralPayout')} />
          </div>
        </fieldset>

        <fieldset className={styles.fieldset} disabled={readOnly}>
          <legend>{t('admin.currencies.explorer')}</legend>
          <div className={styles.grid}>
            <div className={styles.wide}>
              <TextField
                label={t('admin.currencies.explorerTxUrl')}
                hint={t('admin.currencies.explorerTxUrlHint')}
                placeholder="https://mempool.space/tx/{txid}"
                inputMode="url"
                spellCheck={false}
                error={form.error('explorerTxUrl')}
                {...form.field('explorerTxUrl')}
              />
            </div>
            <SelectField
              label={t('admin.currencies.txHashFormat')}
              hint={t('admin.currencies.txHashFormatHint')}
              options={TX_HASH_FORMAT_NAMES.map((f) => ({ value: f, label: t(`admin.currencies.txHashFormats.${f}`) }))}
              error={form.error('txHashFormat')}
              {...form.field('txHashFormat')}
            />
          </div>
        </fieldset>

        <fieldset className={styles.fieldset} disabled={readOnly}>
          <legend>{t('admin.currencies.refunds')}</legend>
          <div className={styles.grid}>
            <TextField
              label={t('admin.currencies.refundFee')}
              hint={t('admin.currencies.refundFeeHint')}
              inputMode="decimal"
              autoComplete="off"
              error={form.error('refundFee')}
              {...form.field('refundFee')}
            />
          </div>
        </fieldset>

        <WatchFields form={form} currency={currency} readOnly={readOnly} />

        <fieldset className={styles.fieldset} disabled={readOnly}>
          <legend>{t('admin.currencies.messages')}</legend>
          <div className={styles.pair}>
            {MESSAGE_FIELDS.map((name) => (
              <TextAreaField
                key={name}
                label={t(`admin.currencies.${name}`)}
                rows={2}
                {...form.field(name)}
                error={form.error(name)}
              />
            ))}
          </div>
        </fieldset>

        <RowsEditor
          legend={t('admin.currencies.payTo')}
          rows={payTo}
          onChange={setPayTo}
          newRow={blankPayTo}
          errors={rowProblems.payTo}
          disabled={readOnly}
          addLabel={t('admin.currencies.addPayTo')}
          columns={[
            { key: 'labelRu', label: t('admin.currencies.labelRu') },
            { key: 'labelEn', label: t('admin.currencies.labelEn') },
            { key: 'value', label: t('admin.currencies.payToValue'), wide: true },
          ]}
        />
        <RowsEditor
          legend={t('admin.currencies.giveFields')}
          rows={giveFields}
          onChange={setGiveFields}
          newRow={blankField}
          errors={rowProblems.giveFields}
          disabled={readOnly}
          addLabel={t('admin.currencies.addField')}
          columns={fieldColumns}
        />
        <RowsEditor
          legend={t('admin.currencies.getFields')}
          rows={getFields}
          onChange={setGetFields}
          newRow={blankField}
          errors={rowProblems.getFields}
          disabled={readOnly}
          addLabel={t('admin.currencies.addField')}
          columns={fieldColumns}
        />

        <PatternTry giveFields={giveFields} getFields={getFields} />

        {!readOnly && (
          <div className={styles.formFooter}>
            <Button type="submit" loading={form.isSubmitting}>
              {creating ? t('admin.currencies.create') : t('admin.common.save')}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
