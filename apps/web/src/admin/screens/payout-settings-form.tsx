import { Link } from 'react-router';
import { adminPayoutSettingsUpdate, PAYOUT_MODES, type AdminPayoutSettings } from '@obmen/shared/admin';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { PasswordField } from '../../components/ui/text-field';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useContractForm, type ContractForm } from '../../lib/use-contract-form';
import { usePayoutSettingsSave } from '../api/ticket-payouts';
import { SelectField, TextField } from '../components/fields';
import styles from '../components/desk.module.css';

/** Every field of every mode: the contract keeps the chosen mode's and drops the rest. */
function settingsDefaults(settings: AdminPayoutSettings) {
  const { limits } = settings;
  return {
    mode: settings.mode as string,
    electrum: { url: settings.electrum?.url ?? '', username: settings.electrum?.username ?? '' },
    binance: {
      baseUrl: settings.binance?.baseUrl ?? 'https://api.binance.com',
      coin: settings.binance?.coin ?? settings.valute,
      network: settings.binance?.network ?? '',
    },
    // Secrets are never read back: empty keeps what is stored.
    credentials: { password: '', walletPassword: '', apiKey: '', apiSecret: '' },
    limits: {
      maxPerTicket: limits.maxPerTicket ?? '',
      maxPerDay: limits.maxPerDay ?? '',
      maxPerCustomerDay: limits.maxPerCustomerDay ?? '',
      fourEyesAbove: limits.fourEyesAbove ?? '',
      firstExchangeDelayMinutes: String(limits.firstExchangeDelayMinutes),
    },
  };
}

type SettingsValues = ReturnType<typeof settingsDefaults>;
type Secret = keyof SettingsValues['credentials'];
type Limit = keyof SettingsValues['limits'];
const AMOUNT_LIMITS = ['maxPerTicket', 'maxPerDay', 'maxPerCustomerDay', 'fourEyesAbove'] as const;

/** One currency's payout mode, its provider's address and secrets, and the limits above which people decide. */
export function PayoutSettingsForm({ settings }: { settings: AdminPayoutSettings }) {
  const { t } = useTranslation();
  const save = usePayoutSettingsSave();
  const code = settings.currencyCode;
  const form = useContractForm({
    schema: adminPayoutSettingsUpdate,
    defaultValues: settingsDefaults(settings),
    logContext: 'saving payout settings',
    onSubmit: async (body) => {
      await save.mutateAsync({ method: 'PUT', path: `/payout-settings/${encodeURIComponent(code)}`, json: body });
      notify({ status: 'success', message: t('admin.payoutSettings.saved', { code }) });
    },
  });
  const mode = form.watch('mode');

  return (
    <section className={styles.panel} aria-labelledby="payout-settings-title">
      <div className={styles.header}>
        <h2 id="payout-settings-title" className={styles.subtitle}>
          {t('admin.payoutSettings.of', { code })}
        </h2>
        <Link to="/admin/payout-settings" className={styles.smallButton}>
          {t('admin.common.close')}
        </Link>
      </div>
      <form className={styles.form} onSubmit={form.handleSubmit} noValidate>
        <FormAlert messages={form.formErrors} />
        <SelectField
          label={t('admin.payoutSettings.mode')}
          hint={t('admin.payoutSettings.modeHint')}
          options={PAYOUT_MODES.map((m) => ({ value: m, label: t(`admin.payoutSettings.modes.${m}`) }))}
          error={form.error('mode')}
          {...form.field('mode')}
        />

        {mode === 'electrum' && (
          <fieldset className={styles.fieldset}>
            <legend>{t('admin.payoutSettings.electrum')}</legend>
            <p className={`${styles.small} ${styles.muted} ${styles.flush}`}>
              {t('admin.payoutSettings.electrumHint')}
            </p>
            <div className={styles.grid}>
              <TextField
                label={t('admin.payoutSettings.electrumUrl')}
                placeholder="http://127.0.0.1:7777"
                inputMode="url"
                spellCheck={false}
                error={form.error('electrum.url')}
                {...form.field('electrum.url')}
              />
              <TextField
                label={t('admin.payoutSettings.electrumUsername')}
                autoComplete="off"
                spellCheck={false}
                error={form.error('electrum.username')}
                {...form.field('electrum.username')}
              />
              <SecretField form={form} name="password" stored={settings.storedSecrets} />
              <SecretField form={form} name="walletPassword" stored={settings.storedSecrets} />
            </div>
          </fieldset>
        )}

        {mode === 'binance' && (
          <fieldset className={styles.fieldset}>
            <legend>{t('admin.payoutSettings.binance')}</legend>
            <p className={`${styles.small} ${styles.muted} ${styles.flush}`}>{t('admin.payoutSettings.binanceHint')}</p>
            <div className={styles.grid}>
              <div className={styles.wide}>
                <TextField
                  label={t('admin.payoutSettings.binanceBaseUrl')}
                  inputMode="url"
                  spellCheck={false}
                  error={form.error('binance.baseUrl')}
                  {...form.field('binance.baseUrl')}
                />
              </div>
              <TextField
                label={t('admin.payoutSettings.binanceCoin')}
                hint={t('admin.payoutSettings.binanceCoinHint')}
                autoCapitalize="characters"
                spellCheck={false}
                error={form.error('binance.coin')}
                {...form.field('binance.coin')}
              />
              <TextField
                label={t('admin.payoutSettings.binanceNetwork')}
                hint={t('admin.payoutSettings.binanceNetworkHint')}
                autoCapitalize="characters"
                spellCheck={false}
                error={form.error('binance.network')}
                {...form.field('binance.network')}
              />
              <SecretField form={form} name="apiKey" stored={settings.storedSecrets} />
              <SecretField form={form} name="apiSecret" stored={settings.storedSecrets} />
            </div>
          </fieldset>
        )}

        <fieldset className={styles.fieldset}>
          <legend>{t('admin.payoutSettings.limits')}</legend>
          <p className={`${styles.small} ${styles.muted} ${styles.flush}`}>
            {t('admin.payoutSettings.limitsHint', { valute: settings.valute })}
          </p>
          <div className={styles.grid}>
            {AMOUNT_LIMITS.map((name) => (
              <LimitField key={name} form={form} name={name} valute={settings.valute} />
            ))}
            <TextField
              label={t('admin.payoutSettings.firstExchangeDelayMinutes')}
              hint={t('admin.payoutSettings.firstExchangeDelayMinutesHint')}
              inputMode="numeric"
              error={form.error('limits.firstExchangeDelayMinutes')}
              {...form.field('limits.firstExchangeDelayMinutes')}
            />
          </div>
        </fieldset>

        <div className={styles.formFooter}>
          <Button type="submit" loading={form.isSubmitting}>
            {t('admin.common.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function LimitField({ form, name, valute }: { form: ContractForm<SettingsValues>; name: Limit; valute: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('admin.payoutSettings.limitIn', { limit: t(`admin.payoutSettings.${name}`), valute })}
      hint={t(`admin.payoutSettings.${name}Hint`)}
      inputMode="decimal"
      placeholder={t('admin.payoutSettings.noLimit')}
      error={form.error(`limits.${name}`)}
      {...form.field(`limits.${name}`)}
    />
  );
}

/** A secret is written, never shown: "stored" says one is kept, and an empty field keeps it. */
function SecretField({
  form,
  name,
  stored,
}: {
  form: ContractForm<SettingsValues>;
  name: Secret;
  stored: readonly string[];
}) {
  const { t } = useTranslation();
  const kept = stored.includes(name);
  return (
    <PasswordField
      label={t(`admin.payoutSettings.secrets.${name}`)}
      hint={t(kept ? 'admin.payoutSettings.secretStored' : 'admin.payoutSettings.secretMissing')}
      placeholder={kept ? t('admin.payoutSettings.storedPlaceholder') : ''}
      autoComplete="new-password"
      error={form.error(`credentials.${name}`)}
      {...form.field(`credentials.${name}`)}
    />
  );
}
