import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TwoFactorStart } from '@obmen/shared/contracts';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { QrCode } from '../../../components/ui/qr-code';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useStartTwoFactor } from '../api/start-two-factor';
import { authKeys } from '../api/query-keys';
import { TwoFactorCodeForm } from './two-factor-code-form';
import styles from './two-factor.module.css';

/**
 * Turns two-factor authentication on: a secret to scan or type, its first code, then the recovery
 * codes, shown this once. The status is refreshed only when they have been put away, so a screen
 * that waits for it (the console) does not close over them.
 */
export function TwoFactorSetup({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [secret, setSecret] = useState<TwoFactorStart | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) {
    // The status is fetched anew before the codes go, so what follows shows it on.
    const finish = async () => {
      await queryClient.invalidateQueries({ queryKey: [...authKeys.all, 'two-factor'] });
      onDone?.();
    };
    return (
      <div className={styles.steps}>
        <p className={styles.status}>{t('secondFactor.enabled')}</p>
        <p>{t('secondFactor.recoveryIntro')}</p>
        <ol className={styles.codes} data-testid="recovery-codes">
          {recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <CopyButton
          text={recoveryCodes.join('\n')}
          label={t('secondFactor.copyCodes')}
          copiedMessage={t('secondFactor.codesCopied')}
          showLabel
        />
        <Button onClick={() => void finish()}>{t('secondFactor.saved')}</Button>
      </div>
    );
  }

  if (!secret) {
    return (
      <div className={styles.steps}>
        <p className={styles.muted}>{t('secondFactor.offIntro')}</p>
        <Button
          loading={start.isPending}
          loadingText={t('common.loading')}
          onClick={() => start.mutate(undefined, { onSuccess: setSecret })}
        >
          {t('secondFactor.turnOn')}
        </Button>
      </div>
    );
  }

  return (
    <div className={styles.steps}>
      <p>{t('secondFactor.scan')}</p>
      <div className={styles.qr}>
        <QrCode text={secret.otpauthUri} label={t('secondFactor.qrLabel')} />
      </div>
      <p className={styles.muted}>{t('secondFactor.typeKey')}</p>
      <p className={styles.key}>
        <code data-testid="two-factor-secret">{secret.secret.replace(/(.{4})(?=.)/g, '$1 ')}</code>
        <CopyButton
          text={secret.secret}
          label={t('secondFactor.copyKey')}
          copiedMessage={t('secondFactor.keyCopied')}
        />
      </p>
      <TwoFactorCodeForm
        submit={async (body) => setRecoveryCodes((await confirm.mutateAsync(body)).recoveryCodes)}
        submitLabel={t('secondFactor.confirm')}
        submittingLabel={t('secondFactor.confirming')}
      />
    </div>
  );
}
