import type { Ticket } from '@obmen/shared/contracts';
import { PayoutReference } from '../../../components/ui/payout-reference';
import { useLanguage } from '../../../hooks/use-language';
import { formatAmount } from '../../../lib/format-amount';
import { useTranslation } from '../../../lib/i18n';

/**
 * The excess of an overpayment going back while the exchange went on (issue 45): how much, what the
 * network fee took, where to, and its transaction once an operator sent it.
 */
export function ExcessRefundNote({ ticket, className }: { ticket: Ticket; className?: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const refund = ticket.excessRefund;
  if (!refund) return null;
  const amount = (sum: string) => `${formatAmount(sum, lang, { scale: ticket.give.scale })} ${ticket.give.valute}`;
  return (
    <p className={className} data-testid="excess-refund">
      {refund.txid ? (
        <>
          {t('ticketOutcome.excessRefundSent', { amount: amount(refund.amount), address: refund.address })}{' '}
          {t('ticketOutcome.excessRefundTxid')} <PayoutReference reference={refund.txid} url={refund.txidUrl} />
        </>
      ) : (
        t('ticketOutcome.excessRefundOwed', {
          amount: amount(refund.amount),
          fee: amount(refund.fee),
          address: refund.address,
        })
      )}
    </p>
  );
}
