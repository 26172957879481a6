import type { AdminTicketClaim, AdminTicketWait } from '@obmen/shared/admin';
import { useTranslation } from '../../lib/i18n';
import { Badge, type Tone } from './badges';

/** Who holds a ticket (issue 46): the asker ("you hold it") or another operator, by name. */
export function ClaimBadge({ claim }: { claim: AdminTicketClaim | null }) {
  const { t } = useTranslation();
  if (!claim) return null;
  return (
    <span data-testid="claim-badge">
      <Badge tone={claim.mine ? 'accent' : 'warning'}>
        {claim.mine ? t('admin.desk.claim.mine') : t('admin.desk.claim.other', { operator: claim.operator })}
      </Badge>
    </span>
  );
}

const WAIT_TONES: Record<AdminTicketWait['level'], Tone> = { ok: 'success', amber: 'warning', red: 'danger' };

/** How long a ticket has waited for the exchanger in its waiting state, coloured against its thresholds. */
export function WaitBadge({ wait }: { wait: AdminTicketWait | null }) {
  const { t } = useTranslation();
  if (!wait) return null;
  const said = `${t(`admin.desk.wait.states.${wait.state}`)}; ${t(`admin.desk.wait.levels.${wait.level}`)}`;
  return (
    <span data-testid="wait-badge" data-level={wait.level} title={said}>
      <Badge tone={WAIT_TONES[wait.level]}>{t('admin.desk.wait.label', { minutes: wait.minutes })}</Badge>
      <span className="visually-hidden"> ({said})</span>
    </span>
  );
}
