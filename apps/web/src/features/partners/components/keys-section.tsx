import { useState } from 'react';
import type { CreatedPartnerKey, PartnerKey } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Spinner } from '../../../components/ui/spinner';
import table from '../../../components/ui/data-table.module.css';
import { formatDateTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { usePartnerKeys } from '../api/get-keys';
import { useRevokePartnerKey } from '../api/revoke-key';
import { KeyForm } from './key-form';
import styles from './partners.module.css';

/** The key just made, with its secret: shown until the partner says it is saved, then gone for good. */
function NewSecret({ created, onDone }: { created: CreatedPartnerKey; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.secret} role="status" data-testid="partner-key-secret">
      <strong>{t('partnerPage.secretTitle', { name: created.name })}</strong>
      <p className={styles.muted}>{t('partnerPage.secretWarning')}</p>
      <div className={styles.secretRow}>
        <p className={`${styles.secretValue} ${styles.mono}`}>{created.secret}</p>
        <CopyButton
          text={created.secret}
          label={t('partnerPage.copySecret')}
          copiedMessage={t('partnerPage.secretCopied')}
          showLabel
        />
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onDone}>
          {t('partnerPage.secretDone')}
        </Button>
      </div>
    </div>
  );
}

/** Revoking asks once more in place: a revoked key cannot be brought back. */
function RevokeButton({ owner, apiKey }: { owner: string; apiKey: PartnerKey }) {
  const { t } = useTranslation();
  const revoke = useRevokePartnerKey(owner);
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {t('partnerPage.revoke')}
      </Button>
    );
  }
  return (
    <div className={styles.actions}>
      <span className={styles.muted}>{t('partnerPage.revokeQuestion', { name: apiKey.name })}</span>
      <Button loading={revoke.isPending} onClick={() => revoke.mutate(apiKey.id)}>
        {t('partnerPage.revokeConfirm')}
      </Button>
      <Button variant="secondary" onClick={() => setAsking(false)}>
        {t('partnerPage.revokeCancel')}
      </Button>
    </div>
  );
}

/** The partner's API keys: the list, revoking, and a new key whose secret is shown once. */
export function KeysSection({ owner, lang }: { owner: string; lang: Lang }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = usePartnerKeys(owner);
  const [created, setCreated] = useState<CreatedPartnerKey | null>(null);
  const columns = {
    name: t('partnerPage.name'),
    prefix: t('partnerPage.prefix'),
    scopes: t('partnerPage.scopes'),
    ips: t('partnerPage.allowedIps'),
    rate: t('partnerPage.ratePerMinute'),
    lastUsed: t('partnerPage.lastUsed'),
    status: t('partnerPage.status'),
  };
  const live = data?.items.filter((key) => !key.revokedAt).length ?? 0;

  return (
    <section className={styles.card} aria-labelledby="partner-keys-title">
      <h2 id="partner-keys-title" className={styles.cardTitle}>
        {t('partnerPage.keysTitle')}
      </h2>
      {created && <NewSecret created={created} onDone={() => setCreated(null)} />}
      {isPending && <Spinner label={t('common.loading')} />}
      {isError && !data && (
        <p className={styles.muted}>
          {t('partnerPage.loadFailed')}{' '}
          <Button variant="secondary" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        </p>
      )}
      {data && data.items.length === 0 && <p className={styles.muted}>{t('partnerPage.keysEmpty')}</p>}
      {data && data.items.length > 0 && (
        <table className={table.table} data-testid="partner-keys">
          <thead>
            <tr>
              {Object.values(columns).map((title) => (
                <th key={title} scope="col">
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.items.map((key) => (
              <tr key={key.id}>
                <td data-label={columns.name}>{key.name}</td>
                <td data-label={columns.prefix} className={`${styles.mono} ${styles.nowrap}`}>
                  obk_{key.prefix}_…
                </td>
                <td data-label={columns.scopes}>{key.scopes.join(', ')}</td>
                <td data-label={columns.ips} className={styles.mono}>
                  {key.allowedIps.length > 0 ? key.allowedIps.join(', ') : t('partnerPage.anyAddress')}
                </td>
                <td data-label={columns.rate} className={table.numeric}>
                  {key.ratePerMinute}
                </td>
                <td data-label={columns.lastUsed}>
                  {key.lastUsedAt ? formatDateTime(key.lastUsedAt, lang) : t('partnerPage.never')}
                </td>
                <td data-label={columns.status} className={styles.nowrap}>
                  {key.revokedAt ? (
                    t('partnerPage.revoked', { date: formatDateTime(key.revokedAt, lang) })
                  ) : (
                    <RevokeButton owner={owner} apiKey={key} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && live >= data.maxLiveKeys ? (
        <p className={styles.muted}>{t('partnerPage.keysLimit', { max: data.maxLiveKeys })}</p>
      ) : (
        data && <KeyForm owner={owner} lang={lang} maxRatePerMinute={data.maxRatePerMinute} onCreated={setCreated} />
      )}
    </section>
  );
}
