import { formatMessage, type Lang, type PaymentProblem, type TicketStatus } from '@obmen/shared';
import { layout, type MailContent } from '../mail/mail.templates';

export interface TicketMailFacts {
  number: number;
  status: TicketStatus;
  link: string;
  give: string;
  get: string;
  /** "1 BTC = 7 845 336,64 RUB", as the ticket page prints it. */
  rate: string;
  /** Where the client pays, while the ticket awaits payment. */
  payTo: { label: string; value: string }[];
  /** Where the client receives (a card number masked). */
  receiveTo: { label: string; value: string }[];
  reason: string | null;
  /** The operator's note on a refund, on a failed or frozen ticket. */
  refundNote: string | null;
  paymentDeadline: Date | null;
  /** Until when an operator decides an AML review (issue 48). */
  reviewDeadline: Date | null;
  /** Paid short, over or late: what the client is asked to decide about. */
  problem: PaymentProblem | null;
  /** What arrived and counted, with its currency. */
  received: string | null;
  /** Proof: the incoming transactions, the payout and the refund, each with its explorer page if any. */
  incoming: Proof[];
  payout: Proof | null;
  refund: Proof | null;
  refundAddress: string | null;
  /** What is left to pay (with its currency) while the window is open and part of the sum counted (issue 45). */
  rest: string | null;
  /** The excess going back while the exchange went on at its original sums (issue 45), with its currency. */
  excessRefund: { amount: string; fee: string; address: string; proof: Proof | null } | null;
  /** A success's receipt and review invitation (receipts/receipt-mail.ts); empty otherwise. */
  closing?: string[];
}

interface Proof {
  txid: string;
  url: string | null;
}

const NEXT_STEP: Record<TicketStatus, Record<Lang, string>> = {
  card_check: {
    ru: 'Загрузите фотографию карты, с которой будете платить: после проверки откроется оплата.',
    en: 'Upload a photo of the card you will pay with: payment opens once it is checked.',
  },
  advance: {
    ru: 'Оплатите заявку по реквизитам на странице заявки и нажмите «Я оплатил».',
    en: 'Pay with the details on the ticket page, then press “I have paid”.',
  },
  new: {
    ru: 'Оплата отмечена, заявка в обработке. Обычно это занимает 5–15 минут.',
    en: 'Payment noted, the ticket is being processed. This usually takes 5–15 minutes.',
  },
  frozen: {
    ru: 'Заявка приостановлена для проверки. Оператор свяжется с вами при необходимости.',
    en: 'The ticket is on hold for a check. An operator will contact you if needed.',
  },
  error: {
    ru: 'Средства не поступили или заявку нельзя выполнить. Напишите в поддержку, указав номер заявки и данные перевода.',
    en: 'The funds were not received or the ticket cannot be completed. Contact support with the ticket number and the transfer details.',
  },
  deleted: { ru: 'Заявка отменена.', en: 'The ticket has been cancelled.' },
  success: {
    ru: 'Обмен выполнен. Спасибо, что выбрали Obmen!',
    en: 'The exchange is complete. Thank you for choosing Obmen!',
  },
  payment_problem: {
    ru: 'Откройте заявку и выберите, как поступить: там же — суммы каждого варианта.',
    en: 'Open the ticket and choose what to do: the amounts of each choice are there.',
  },
  refund_requested: {
    ru: 'Запрос на возврат принят. Оператор отправит средства и укажет транзакцию возврата.',
    en: 'Your refund request is accepted. An operator will send the money back and record the refund transaction.',
  },
  refunded: {
    ru: 'Средства возвращены. Транзакция возврата указана ниже.',
    en: 'The money has been sent back. The refund transaction is below.',
  },
  on_review: {
    ru: 'Платёж получен и проходит проверку AML. Оператор решит до срока ниже: если проверка пройдёт, обмен продолжится сам; если нет или срок выйдет — на странице заявки откроется возврат средств.',
    en: 'Your payment arrived and is under AML review. An operator decides by the deadline below: if it passes, the exchange goes on by itself; if not, or if the deadline passes, the refund opens on the ticket page.',
  },
};

const proofLine = (label: string, proof: Proof) => `${label}: ${proof.txid}${proof.url ? `\n${proof.url}` : ''}`;

/** The excess going back: how much, what the network fee took, where, and its transaction once sent. */
function excessRefundLine(lang: Lang, refund: NonNullable<TicketMailFacts['excessRefund']>): string {
  const en = lang === 'en';
  const what = en
    ? `The excess goes back: ${refund.amount} (less the network fee of ${refund.fee}) to ${refund.address}.`
    : `Излишек возвращаем: ${refund.amount} (за вычетом комиссии сети ${refund.fee}) на ${refund.address}.`;
  if (refund.proof) return `${what}\n${proofLine(en ? 'Refund transaction' : 'Транзакция возврата', refund.proof)}`;
  return `${what} ${en ? 'We will mail you its transaction once it is sent.' : 'Транзакцию возврата пришлём письмом, когда он уйдёт.'}`;
}

/** The mail a client gets at each status change of their ticket, in their language. */
export function ticketStatusMail(lang: Lang, facts: TicketMailFacts): MailContent {
  const status = formatMessage(lang, `ticketStatus.${facts.status}`);
  const en = lang === 'en';
  const lines = [
    en ? `Ticket No. ${facts.number}: ${status}` : `Заявка № ${facts.number}: ${status}`,
    en ? `You give ${facts.give}, you get ${facts.get}.` : `Вы отдаёте ${facts.give}, получаете ${facts.get}.`,
    en ? `Rate: ${facts.rate}.` : `Курс: ${facts.rate}.`,
    NEXT_STEP[facts.status][lang],
  ];
  // What BestChange's rules ask an exchanger to mail: where the client pays and where they receive.
  const listed = (items: { label: string; value: string }[]) => items.map((i) => `${i.label}: ${i.value}`).join('\n');
  if (facts.status === 'advance' && facts.payTo.length > 0) {
    lines.push(`${en ? 'Pay to' : 'Куда платить'}:\n${listed(facts.payTo)}`);
  }
  if (facts.receiveTo.length > 0) lines.push(`${en ? 'You receive to' : 'Куда получите'}:\n${listed(facts.receiveTo)}`);
  if (facts.status === 'advance' && facts.paymentDeadline) {
    const time = facts.paymentDeadline.toISOString().replace('T', ' ').slice(0, 16);
    lines.push(
      facts.rest
        ? en
          ? `Pay the rest, ${facts.rest}, to the same address before ${time} UTC: the exchange goes on at its rate by itself.`
          : `Доплатите остаток, ${facts.rest}, на тот же адрес до ${time} UTC: обмен продолжится по курсу заявки сам.`
        : en
          ? `Pay before ${time} UTC.`
          : `Оплатите до ${time} UTC.`,
    );
  }
  if (facts.status === 'on_review' && facts.reviewDeadline) {
    const time = facts.reviewDeadline.toISOString().replace('T', ' ').slice(0, 16);
    lines.push(en ? `Decision by ${time} UTC.` : `Решение до ${time} UTC.`);
  }
  if (facts.problem) lines.push(formatMessage(lang, `paymentProblem.${facts.problem}`) + '.');
  if (facts.received) lines.push(en ? `Received: ${facts.received}.` : `Получено: ${facts.received}.`);
  if (facts.excessRefund) lines.push(excessRefundLine(lang, facts.excessRefund));
  for (const proof of facts.incoming) lines.push(proofLine(en ? 'Incoming transaction' : 'Входящая транзакция', proof));
  if (facts.payout) lines.push(proofLine(en ? 'Payout' : 'Выплата', facts.payout));
  if (facts.refundAddress && facts.status !== 'success') {
    lines.push(en ? `Refund address: ${facts.refundAddress}` : `Адрес возврата: ${facts.refundAddress}`);
  }
  if (facts.refund) lines.push(proofLine(en ? 'Refund transaction' : 'Транзакция возврата', facts.refund));
  if (facts.reason) lines.push(en ? `Reason: ${facts.reason}` : `Причина: ${facts.reason}`);
  if (facts.refundNote) lines.push(en ? `Refund: ${facts.refundNote}` : `Возврат: ${facts.refundNote}`);
  lines.push(...(facts.closing ?? []));
  return {
    subject: en ? `Obmen: ticket No. ${facts.number} — ${status}` : `Obmen: заявка № ${facts.number} — ${status}`,
    text: `${lines.join('\n\n')}\n\n${facts.link}\n`,
    html: layout(lines, { href: facts.link, label: en ? 'Open the ticket' : 'Открыть заявку' }),
  };
}

/** The mail when an operator sent the excess back (issue 45): the ticket's exchange went on, this closes the overpayment. */
export function excessRefundMail(
  lang: Lang,
  facts: { number: number; link: string; refund: NonNullable<TicketMailFacts['excessRefund']> },
): MailContent {
  const en = lang === 'en';
  const lines = [
    en
      ? `Ticket No. ${facts.number}: the excess of your payment has been sent back.`
      : `Заявка № ${facts.number}: излишек вашего платежа отправлен обратно.`,
    excessRefundLine(lang, facts.refund),
  ];
  return {
    subject: en
      ? `Obmen: ticket No. ${facts.number} — the excess sent back`
      : `Obmen: заявка № ${facts.number} — излишек возвращён`,
    text: `${lines.join('\n\n')}\n\n${facts.link}\n`,
    html: layout(lines, { href: facts.link, label: en ? 'Open the ticket' : 'Открыть заявку' }),
  };
}

export interface PaymentSeenFacts {
  number: number;
  link: string;
  /** "0.01 BTC", as the status mails write an amount. */
  amount: string;
  transaction: Proof;
  confirmations: number;
  required: number;
}

/** The one mail at a payment first seen on its chain, before it has its confirmations (issue 35). */
export function paymentSeenMail(lang: Lang, facts: PaymentSeenFacts): MailContent {
  const en = lang === 'en';
  const lines = en
    ? [
        `Ticket No. ${facts.number}: we see your payment of ${facts.amount}.`,
        `It has ${facts.confirmations} of ${facts.required} network confirmations; the ticket moves on by itself once it has them all. You need not press “I have paid”.`,
        proofLine('Incoming transaction', facts.transaction),
      ]
    : [
        `Заявка № ${facts.number}: мы видим ваш платёж ${facts.amount}.`,
        `У него ${facts.confirmations} из ${facts.required} подтверждений сети; когда наберутся все, заявка перейдёт дальше сама. Нажимать «Я оплатил» не нужно.`,
        proofLine('Входящая транзакция', facts.transaction),
      ];
  return {
    subject: en ? `Obmen: ticket No. ${facts.number} — payment seen` : `Obmen: заявка № ${facts.number} — платёж виден`,
    text: `${lines.join('\n\n')}\n\n${facts.link}\n`,
    html: layout(lines, { href: facts.link, label: en ? 'Open the ticket' : 'Открыть заявку' }),
  };
}

/**
 * The ticket's link, asked for on "Find a ticket" (issue 42): it goes only to the e-mail on the
 * ticket, so knowing a number and an e-mail is not holding the ticket. `account`: the ticket was
 * made signed in, and its page asks to sign in.
 */
export function ticketLinkMail(lang: Lang, facts: { number: number; link: string; account: boolean }): MailContent {
  const en = lang === 'en';
  const lines = en
    ? [
        `Someone asked on the Obmen site for the link to ticket No. ${facts.number}. Here it is: anyone with this link can see and change the ticket, so do not share it.`,
        ...(facts.account ? ['The ticket was made in an account: sign in to it to open the ticket.'] : []),
        'If it was not you, ignore this mail: nobody but you has received the link.',
      ]
    : [
        `На сайте Obmen запросили ссылку на заявку № ${facts.number}. Вот она: по этой ссылке заявку можно посмотреть и изменить, не пересылайте её никому.`,
        ...(facts.account ? ['Заявка создана в аккаунте: чтобы её открыть, войдите в него.'] : []),
        'Если это были не вы, просто проигнорируйте письмо: ссылку получили только вы.',
      ];
  return {
    subject: en ? `Obmen: the link to ticket No. ${facts.number}` : `Obmen: ссылка на заявку № ${facts.number}`,
    text: `${lines.join('\n\n')}\n\n${facts.link}\n`,
    html: layout(lines, { href: facts.link, label: en ? 'Open the ticket' : 'Открыть заявку' }),
  };
}
