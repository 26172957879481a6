import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { twoFactorQueryOptions } from '../api/get-two-factor';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { TwoFactorCodeForm } from './two-factor-code-form';
import { TwoFactorSetup } from './two-factor-setup';
import styles from './two-factor.module.css';

/** The settings card's content: on with its recovery codes left and a way off, or the way on. */
export function TwoFactorSettings({ token }: { token: string }) {
  const { t } = useTranslation();
  const status = useQuery(twoFactorQueryOptions(token));
  const disable = useDisableTwoFactor();
  // Once the set-up shows, it stays until its recovery codes are put away, whatever a refetch says.
  const [settingUp, setSettingUp] = useState(false);
  if (status.data && !status.data.enabled && !settingUp) setSettingUp(true);

  if (!status.data) return <p className={styles.muted}>{t('common.loading')}</p>;
  if (settingUp) return <TwoFactorSetup onDone={() => setSettingUp(false)} />;
  return (
    <div className={styles.steps}>
      <p className={styles.status} data-testid="two-factor-status">
        {t('secondFactor.enabled')}
      </p>
      <p className={styles.muted}>{t('secondFactor.codesLeft', { count: status.data.recoveryCodesLeft })}</p>
      <p className={styles.muted}>{t('secondFactor.offHint')}</p>
      <TwoFactorCodeForm
        variant="secondary"
        submit={async (body) => {
          await disable.mutateAsync(body);
          notify({ status: 'success', message: t('secondFactor.turnedOff') });
        }}
        submitLabel={t('secondFactor.turnOff')}
        submittingLabel={t('secondFactor.turningOff')}
      />
    </div>
  );
}
