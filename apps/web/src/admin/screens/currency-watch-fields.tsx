import type { AdminCurrency } from '@obmen/shared/admin';
import { CHAINS, WATCH_MODES } from '@obmen/shared/chain-watch';
import { FormAlert } from '../../components/ui/form-alert';
import { useTranslation } from '../../lib/i18n';
import type { ContractForm } from '../../lib/use-contract-form';
import { SelectField, TextField } from '../components/fields';
import styles from '../components/desk.module.css';
import type { CurrencyFormValues } from './currency-form';

/**
 * How a currency's incoming payments are watched on its chain (issue 35): per-ticket addresses
 * from an extended public key or one address with amount tags, the chain API, the confirmations.
 */
export function WatchFields({
  form,
  currency,
  readOnly,
}: {
  form: ContractForm<CurrencyFormValues>;
  currency: AdminCurrency | null;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.fieldset} disabled={readOnly}>
      <legend>{t('admin.currencies.watch')}</legend>
      <p className={styles.muted}>{t('admin.currencies.watchIntro')}</p>
      {currency?.watchError && (
        <FormAlert messages={[t('admin.currencies.watchDown', { error: currency.watchError })]} />
      )}
      {currency?.watchAddresses && <GapLimit {...currency.watchAddresses} />}
      <div className={styles.grid}>
        <SelectField
          label={t('admin.currencies.watchMode')}
          options={WATCH_MODES.map((m) => ({ value: m, label: t(`admin.currencies.watchModes.${m}`) }))}
          error={form.error('watchMode')}
          {...form.field('watchMode')}
        />
        <SelectField
          label={t('admin.currencies.watchChain')}
          options={[
            { value: '', label: t('admin.currencies.watchChains.none') },
            ...CHAINS.map((c) => ({ value: c, label: t(`admin.currencies.watchChains.${c}`) })),
          ]}
          error={form.error('watchChain')}
          {...form.field('watchChain')}
        />
        <TextField
          label={t('admin.currencies.watchConfirmations')}
          hint={t('admin.currencies.watchConfirmationsHint')}
          inputMode="numeric"
          error={form.error('watchConfirmations')}
          {...form.field('watchConfirmations')}
        />
        <div className={styles.wide}>
          <TextField
            label={t('admin.currencies.watchXpub')}
            hint={t('admin.currencies.watchXpubHint')}
            spellCheck={false}
            autoComplete="off"
            error={form.error('watchXpub')}
            {...form.field('watchXpub')}
          />
        </div>
        <div className={styles.wide}>
          <TextField
            label={t('admin.currencies.watchAddress')}
            hint={t('admin.currencies.watchAddressHint')}
            spellCheck={false}
            error={form.error('watchAddress')}
            {...form.field('watchAddress')}
          />
        </div>
        <div className={styles.wide}>
          <TextField
            label={t('admin.currencies.watchApiUrl')}
            hint={t('admin.currencies.watchApiUrlHint')}
            placeholder="https://blockstream.info/api"
            inputMode="url"
            spellCheck={false}
            error={form.error('watchApiUrl')}
            {...form.field('watchApiUrl')}
          />
        </div>
        <TextField
          label={t('admin.currencies.watchToken')}
          hint={t('admin.currencies.watchTokenHint')}
          spellCheck={false}
          error={form.error('watchToken')}
          {...form.field('watchToken')}
        />
        <TextField
          label={t('admin.currencies.watchDecimals')}
          hint={t('admin.currencies.watchDecimalsHint')}
          inputMode="numeric"
          error={form.error('watchDecimals')}
          {...form.field('watchDecimals')}
        />
      </div>
    </fieldset>
  );
}

/** What the operator's wallet must be set to, so it shows payments to every address handed out. */
function GapLimit({ run, gapLimit }: { run: number; gapLimit: number }) {
  const { t } = useTranslation();
  return (
    <>
      <p className={styles.muted}>{t('admin.currencies.watchGap', { run, need: Math.max(run, gapLimit) })}</p>
      {run > gapLimit && <FormAlert messages={[t('admin.currencies.watchGapOver', { run, gapLimit })]} />}
    </>
  );
}
