import { scaleOf } from '../exchange/exchange.catalog';
import {
  Decimal,
  explorerLink,
  formatAmount,
  formatMessage,
  maskCard,
  rateText,
  toAmount,
  toRate,
  trimAmount,
  AML_REVIEW_REASONS,
  type AmlReviewReason,
  type Lang,
  pagePath,
  type ReviewLink,
  type Ticket,
  type TicketStatus,
} from '@obmen/shared';
import type { DbOrTx } from '../../db/database';
import type { RequisiteFieldRecord } from '../../db/schema';
import type { Catalog } from '../exchange/exchange.catalog';
import type { QueuedMail } from '../mail/mailer';
import { receiptMailLines } from '../receipts/receipt-mail';
import { paymentChoicesOf, restToPay } from './payment-choices';
import { excessRefundMail, paymentSeenMail, ticketLinkMail, ticketStatusMail } from './ticket.mails';
import { findPayoutOfTicket, type TicketPayoutRow } from '../ticket-payouts/ticket-payouts.repository';
import { listPayments, type TicketPaymentRow } from './ticket-payments.repository';
import { findCardCheck, findReferralNumber, listHistory, type TicketRow } from './tickets.repository';

type CustomerPayout = Ticket['payout'];

/**
 * An automatic payout as its customer is told of it (issue 44): being checked (an operator's
 * approval, a first exchange's wait), being sent, or sent. One a person took over is not mentioned.
 */
export function customerPayout(payout: Pick<TicketPayoutRow, 'state' | 'holdReasons' | 'notBefore'> | undefined) {
  if (!payout) return null;
  switch (payout.state) {
    case 'awaiting_approval':
      return 'checking';
    case 'queued':
      return payout.holdReasons.includes('first_exchange') && payout.notBefore && payout.notBefore > new Date()
        ? 'checking'
        : 'sending';
    case 'sending':
    case 'unknown':
      return 'sending';
    case 'sent':
      return 'sent';
    default:
      return null;
  }
}

const fieldIndex = (fields: RequisiteFieldRecord[] | undefined, name: string) => {
  const index = fields?.findIndex((f) => f.name === name) ?? -1;
  return index === -1 ? Number.MAX_SAFE_INTEGER : index;
};

/** The refund address a client gave up front with a coin payment (the give side's address field). */
export function givenRefundAddress(fields: RequisiteFieldRecord[] | undefined, values: Record<string, string>) {
  const field = fields?.find((f) => f.kind === 'address');
  return (field && values[field.name]) || null;
}

/** What counted of the payments: confirmed and still on the chain; null before any did. */
function receivedOf(payments: TicketPaymentRow[], scale: number): string | null {
  const counted = payments.filter((p) => p.confirmedAt !== null && p.goneAt === null);
  if (counted.length === 0) return null;
  return toAmount(
    counted.reduce((sum, p) => sum.plus(p.amount), new Decimal(0)),
    scale,
    'down',
  );
}

/** An amount as the mails write it: money of two decimals keeps its kopecks, a coin's loses trailing zeros. */
const mailAmount = (side: Ticket['give'], lang: Lang) =>
  `${formatAmount(side.scale <= 2 ? side.sum : trimAmount(side.sum), lang)} ${side.valute}`;

const isAmlReviewReason = (reason: string): reason is AmlReviewReason =>
  (AML_REVIEW_REASONS as readonly string[]).includes(reason);

/** The system's own reasons, worded in a language; null for an operator's note. */
function systemReasonOf(row: Pick<TicketRow, 'statusReason'>, lang: Lang): string | null {
  if (row.statusReason === 'payment_expired') return formatMessage(lang, 'ticket.paymentExpired');
  if (row.statusReason === 'card_check_expired') return formatMessage(lang, 'ticket.cardCheckExpired');
  if (row.statusReason === 'card_review_expired') return formatMessage(lang, 'ticket.cardReviewExpired');
  if (row.statusReason && isAmlReviewReason(row.statusReason))
    return formatMessage(lang, `amlReview.${row.statusReason}`);
  if (row.statusReason === 'aml_review_expired') return formatMessage(lang, 'amlReview.expired');
  return null;
}

/**
 * How a ticket is shown: to its client on the page and in the mails, and to the console. One place,
 * so the page, the mail and the console agree on every figure.
 */
export function createTicketViews({ db, catalog, publicUrl }: { db: DbOrTx; catalog: Catalog; publicUrl: string }) {
  // The ticket's page: its id is the key to a visitor's ticket, so this goes only into mails to its e-mail.
  const linkOf = (row: TicketRow) => `${publicUrl}/${row.lang}/ticket/${row.id}`;
  function toView(
    row: TicketRow,
    history: { status: TicketStatus; at: string }[],
    cardCheck: Ticket['cardCheck'],
    referral: string | null,
    lang: Lang,
    forOperator = false,
    payments: TicketPaymentRow[] = [],
    payout: CustomerPayout = null,
  ): Ticket {
    const snapshot = catalog.get();
    const side = (code: string, sum: string) => {
      const currency = snapshot.currencies.get(code)?.row;
      const scale = scaleOf(snapshot, code);
      return {
        code,
        name: currency ? (lang === 'en' ? currency.nameEn : currency.nameRu) : code,
        valute: currency?.valute ?? code,
        iconPath: currency?.iconPath ?? '',
        scale,
        kind: currency?.kind ?? 'crypto',
        // Stored at the currency's scale: cutting changes nothing, and never inflates a sum.
        sum: toAmount(new Decimal(sum), scale, 'down'),
      };
    };
    const give = snapshot.currencies.get(row.giveCode)?.row;
    const get = snapshot.currencies.get(row.getCode)?.row;
    // In the order the direction asks for them (jsonb keeps keys in an order of its own).
    const shown = (fields: RequisiteFieldRecord[] | undefined, values: Record<string, string>) =>
      Object.entries(values)
        .sort(([a], [b]) => fieldIndex(fields, a) - fieldIndex(fields, b))
        .map(([name, value]) => {
          const field = fields?.find((f) => f.name === name);
          const label = field ? (lang === 'en' ? field.labelEn : field.labelRu) : name;
          return { name, label, value: field?.kind === 'card' && !forOperator ? maskCard(value) : value };
        });
    const systemReason = systemReasonOf(row, lang);
    const giveScale = scaleOf(snapshot, row.giveCode);
    const received = receivedOf(payments, giveScale);
    const counted = new Decimal(received ?? '0');
    const now = new Date();
    const giveExplorer = (txid: string | null) =>
      give ? explorerLink(give.explorerTxUrl, give.txHashFormat, txid) : null;
    return {
      id: row.id,
      number: row.number,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      email: row.email,
      give: side(row.giveCode, row.giveSum),
      get: side(row.getCode, row.getSum),
      rate: toRate(new Decimal(row.rate)),
      fixed: row.fixed,
      rateSources: row.rateSources,
      manual: row.manual,
      promo:
        row.promoCode && row.promoBonus
          ? {
              code: row.promoCode,
              bonus: toAmount(new Decimal(row.promoBonus), scaleOf(snapshot, row.getCode), 'down'),
            }
          : null,
      requisites: {
        give: shown(give?.giveFields, row.requisites.give),
        get: shown(get?.getFields, row.requisites.get),
      },
      paymentDeadline:
        (row.status === 'advance' || row.status === 'card_check') && row.paymentDeadline
          ? row.paymentDeadline.toISOString()
          : null,
      // A watched currency gives the ticket an address of its own (chain/deposits.ts).
      payTo:
        row.status === 'advance' && row.depositAddress
          ? [{ label: formatMessage(lang, 'ticket.depositAddress'), value: row.depositAddress }]
          : row.status === 'advance' && give
            ? give.payTo.map((p) => ({ label: lang === 'en' ? p.labelEn : p.labelRu, value: p.value }))
            : null,
      reason: systemReason ?? row.statusReason,
      expired: row.status === 'deleted' && row.statusReason === 'payment_expired',
      payoutReference: row.payoutReference,
      payoutReferenceUrl: get ? explorerLink(get.explorerTxUrl, get.txHashFormat, row.payoutReference) : null,
      payout: row.status === 'new' || row.status === 'frozen' || row.status === 'success' ? payout : null,
      refundNote: row.refundNote,
      referral,
      cardCheck,
      payments: payments.map((p) => ({
        txid: p.txid,
        url: give && p.source === 'chain' ? explorerLink(give.explorerTxUrl, give.txHashFormat, p.txid) : null,
        amount: toAmount(new Decimal(p.amount), scaleOf(snapshot, row.giveCode), 'down'),
        confirmations: p.confirmations,
        required: p.required,
        seenAt: p.seenAt.toISOString(),
        confirmedAt: p.confirmedAt?.toISOString() ?? null,
        gone: p.goneAt !== null,
        source: p.source,
      })),
      paymentProblem: row.paymentProblem,
      received,
      refundAddress: row.refundAddress ?? givenRefundAddress(give?.giveFields, row.requisites.give),
      refundTxid: row.refundTxid,
      refundTxidUrl: giveExplorer(row.refundTxid),
      rest: restToPay(row, counted, giveScale, now),
      paymentChoices: paymentChoicesOf(row, counted, give?.refundFee ?? null, giveScale, now),
      excessRefund:
        row.excessRefund && row.refundAddress
          ? {
              amount: toAmount(new Decimal(row.excessRefund), giveScale, 'down'),
              fee: toAmount(new Decimal(row.excessRefundFee ?? '0'), giveScale, 'up'),
              address: row.refundAddress,
              txid: row.excessRefundTxid,
              txidUrl: giveExplorer(row.excessRefundTxid),
            }
          : null,
      review:
        row.status === 'on_review' && row.reviewDeadline && row.statusReason && isAmlReviewReason(row.statusReason)
          ? { reason: row.statusReason, deadline: row.reviewDeadline.toISOString() }
          : null,
      history,
    };
  }

  /** A ticket as its client sees it; `forOperator`, as the console does (the card number whole). */
  async function view(row: TicketRow, lang: Lang, forOperator = false): Promise<Ticket> {
    const [history, check, referral, payments, payout] = await Promise.all([
      listHistory(db, row.id),
      findCardCheck(db, row.id),
      row.referrerId ? findReferralNumber(db, row.referrerId) : undefined,
      listPayments(db, row.id),
      // Only a paid ticket has a payout to tell about.
      row.status === 'new' || row.status === 'frozen' || row.status === 'success'
        ? findPayoutOfTicket(db, row.id)
        : undefined,
    ]);
    return toView(
      row,
      history.map((h) => ({ status: h.toStatus, at: h.createdAt.toISOString() })),
      check ? { status: check.status, reason: check.reason } : { status: 'none', reason: null },
      referral === undefined ? null : String(referral),
      lang,
      forOperator,
      payments,
      customerPayout(payout),
    );
  }

  /** The client's mail about a ticket's status, as it goes in the outbox. */
  function statusMailOf(row: TicketRow, payments: TicketPaymentRow[], reviews: ReviewLink[] = []): QueuedMail {
    // What the client's page shows, so the mail and the page agree (a card masked on both).
    const shown = toView(row, [], { status: 'none', reason: null }, null, row.lang, false, payments);
    const amount = (side: Ticket['give']) => mailAmount(side, row.lang);
    return {
      to: row.email,
      lang: row.lang,
      kind: `ticket_${row.status}`,
      content: ticketStatusMail(row.lang, {
        number: row.number,
        status: row.status,
        link: linkOf(row),
        give: amount(shown.give),
        get: amount(shown.get),
        rate: rateText(shown.rate, shown.give, shown.get, row.lang),
        payTo: shown.payTo ?? [],
        receiveTo: shown.requisites.get,
        reason: shown.reason,
        refundNote: shown.refundNote,
        paymentDeadline: row.paymentDeadline,
        reviewDeadline: shown.review ? row.reviewDeadline : null,
        problem: shown.paymentProblem,
        received: shown.received === null ? null : amount({ ...shown.give, sum: shown.received }),
        incoming: shown.payments.filter((p) => !p.gone).map((p) => ({ txid: p.txid, url: p.url })),
        payout: shown.payoutReference ? { txid: shown.payoutReference, url: shown.payoutReferenceUrl } : null,
        refund: shown.refundTxid ? { txid: shown.refundTxid, url: shown.refundTxidUrl } : null,
        refundAddress: shown.refundAddress,
        rest: shown.rest === null ? null : amount({ ...shown.give, sum: shown.rest }),
        excessRefund: excessRefundFacts(shown, row.lang),
        closing:
          row.status === 'success'
            ? receiptMailLines(row.lang, `${publicUrl}${pagePath(row.lang, 'ticket_receipt', { id: row.id })}`, reviews)
            : [],
      }),
    };
  }

  /** The excess refund as the mails write it, its amounts with their currency. */
  function excessRefundFacts(shown: Ticket, lang: Lang) {
    const refund = shown.excessRefund;
    if (!refund) return null;
    return {
      amount: mailAmount({ ...shown.give, sum: refund.amount }, lang),
      fee: mailAmount({ ...shown.give, sum: refund.fee }, lang),
      address: refund.address,
      proof: refund.txid ? { txid: refund.txid, url: refund.txidUrl } : null,
    };
  }

  /** The mail when the excess went back, with its transaction (issue 45). */
  function excessRefundMailOf(row: TicketRow): QueuedMail {
    const shown = toView(row, [], { status: 'none', reason: null }, null, row.lang);
    return {
      to: row.email,
      lang: row.lang,
      kind: 'ticket_excess_refund',
      content: excessRefundMail(row.lang, {
        number: row.number,
        link: linkOf(row),
        refund: excessRefundFacts(shown, row.lang)!,
      }),
    };
  }

  /** The mail "Find a ticket" sends: the ticket's link, to the e-mail on the ticket. */
  function linkMailOf(row: TicketRow): QueuedMail {
    return {
      to: row.email,
      lang: row.lang,
      kind: 'ticket_link',
      content: ticketLinkMail(row.lang, { number: row.number, link: linkOf(row), account: row.userId !== null }),
    };
  }

  /** The client's mail at a payment first seen: made with its `ticket_payments` row, so once per transaction. */
  function paymentSeenMailOf(row: TicketRow, payment: TicketPaymentRow): QueuedMail {
    const shown = toView(row, [], { status: 'none', reason: null }, null, row.lang, false, [payment]);
    const seen = shown.payments[0]!;
    return {
      to: row.email,
      lang: row.lang,
      kind: 'ticket_payment_seen',
      content: paymentSeenMail(row.lang, {
        number: row.number,
        link: linkOf(row),
        amount: mailAmount({ ...shown.give, sum: seen.amount }, row.lang),
        transaction: { txid: seen.txid, url: seen.url },
        confirmations: seen.confirmations,
        required: seen.required,
      }),
    };
  }

  return { toView, view, statusMailOf, paymentSeenMailOf, linkMailOf, excessRefundMailOf };
}

export type TicketViews = ReturnType<typeof createTicketViews>;
