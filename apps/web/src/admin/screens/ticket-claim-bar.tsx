import type { AdminTicketDetail } from '@obmen/shared/admin';
import { isLang } from '@obmen/shared/i18n';
import { FormAlert } from '../../components/ui/form-alert';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useTicketClaim } from '../api/desk';
import { ClaimBadge, WaitBadge } from '../components/claim-badge';
import { formatDateTime } from '../components/format';
import styles from '../components/desk.module.css';

/**
 * Who works on the ticket (issue 46) and how long it has waited: take a free ticket, take over one
 * another operator holds (one click; the audit keeps it), or let one's own go.
 */
export function TicketClaimBar({ detail }: { detail: AdminTicketDetail }) {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'ru';
  const { ticket, claim } = detail;
  const mutation = useTicketClaim(ticket.id);
  const failure = mutation.error instanceof ApiError ? mutation.error.errorMessage : null;

  const act = (change: { takeOver: boolean } | 'release') =>
    mutation.mutate(change, {
      onSuccess: () =>
        notify({
          status: 'success',
          message:
            change === 'release'
              ? t('admin.desk.claim.released', { number: ticket.number })
              : claim && !claim.mine
                ? t('admin.desk.claim.takenOver', { number: ticket.number, operator: claim.operator })
                : t('admin.desk.claim.taken', { number: ticket.number }),
        }),
    });

  return (
    <div className={styles.actions} role="group" aria-label={t('admin.desk.claim.hint')} data-testid="claim-bar">
      <WaitBadge wait={detail.wait} />
      {claim ? (
        <>
          <ClaimBadge claim={claim} />
          <span className={`${styles.small} ${styles.muted}`}>
            {t('admin.desk.claim.expires', { time: formatDateTime(claim.expiresAt, lang) })}
          </span>
        </>
      ) : (
        <span className={`${styles.small} ${styles.muted}`}>{t('admin.desk.claim.free')}</span>
      )}
      {claim?.mine ? (
        <button
          type="button"
          className={styles.smallButton}
          disabled={mutation.isPending}
          onClick={() => act('release')}
        >
          {t('admin.desk.claim.letGo')}
        </button>
      ) : (
        <button
          type="button"
          className={`${styles.smallButton} ${claim ? styles.danger : ''}`}
          disabled={mutation.isPending}
          title={t('admin.desk.claim.hint')}
          onClick={() => act({ takeOver: claim !== null })}
        >
          {claim ? t('admin.desk.claim.takeOver') : t('admin.desk.claim.take')}
        </button>
      )}
      {failure && <FormAlert messages={[failure]} />}
    </div>
  );
}
