import { useTranslation } from '../../lib/i18n';
import type { PayoutState } from '@obmen/shared/admin';
import type { TicketStatus } from '@obmen/shared/contracts';
import styles from './desk.module.css';

export type Tone = 'neutral' | 'accent' | 'success' | 'danger' | 'warning';

export function Badge({ tone, children }: { tone: Tone; children: React.ReactNode }) {
  return <span className={`${styles.badge} ${styles[`tone-${tone}`]}`}>{children}</span>;
}

const TICKET_TONES: Record<TicketStatus, Tone> = {
  new: 'accent',
  card_check: 'warning',
  frozen: 'warning',
  advance: 'neutral',
  success: 'success',
  error: 'danger',
  deleted: 'neutral',
  payment_problem: 'warning',
  refund_requested: 'accent',
  refunded: 'neutral',
  on_review: 'warning',
};

/** A ticket's status in the words clients see (spec §4), coloured by what it asks of the operator. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return <Badge tone={TICKET_TONES[status]}>{t(`ticketStatus.${status}`)}</Badge>;
}

const PAYOUT_TONES: Record<PayoutState, Tone> = {
  queued: 'neutral',
  awaiting_approval: 'warning',
  sending: 'accent',
  unknown: 'danger',
  sent: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};

/** An automatic payout's state (issue 44), coloured by what it asks of the operator. */
export function PayoutStateBadge({ state }: { state: PayoutState }) {
  const { t } = useTranslation();
  return <Badge tone={PAYOUT_TONES[state]}>{t(`admin.ticketPayouts.states.${state}`)}</Badge>;
}
