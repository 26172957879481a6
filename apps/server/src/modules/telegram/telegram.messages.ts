import type { Lang, SlaState, TelegramAlertKind } from '@obmen/shared';

// What the bot says, in the ticket's language (a customer) or the console's (an operator).

/** A language for a chat that has no ticket yet: Telegram's app language when it is English, else Russian. */
export const chatLang = (languageCode: string | undefined): Lang => (languageCode?.startsWith('en') ? 'en' : 'ru');

export const botReplies = {
  ticketLinked: (lang: Lang, number: number) =>
    lang === 'en'
      ? `Done: news of ticket No. ${number} will come here — every status change, the payment seen and the payout. To stop them, send /stop.`
      : `Готово: сюда будут приходить новости заявки № ${number} — каждая смена статуса, поступивший платёж и выплата. Чтобы отписаться, отправьте /stop.`,
  staffLinked: (lang: Lang) =>
    lang === 'en'
      ? 'Done: the Obmen console’s alerts will come here. To stop them, send /stop.'
      : 'Готово: сюда будут приходить оповещения консоли Obmen. Чтобы отключить их, отправьте /stop.',
  badLink: (lang: Lang) =>
    lang === 'en'
      ? 'This link has expired or was already used. Open the ticket on the site and press “Get updates in Telegram” again.'
      : 'Ссылка устарела или уже использована. Откройте заявку на сайте и снова нажмите «Получать новости в Telegram».',
  hello: (lang: Lang) =>
    lang === 'en'
      ? 'This is the Obmen exchanger’s bot. To get a ticket’s news here, open the ticket on the site and press “Get updates in Telegram”.'
      : 'Это бот обменника Obmen. Чтобы получать сюда новости заявки, откройте её на сайте и нажмите «Получать новости в Telegram».',
  stopped: (lang: Lang) =>
    lang === 'en'
      ? 'Done: nothing more will come here. You can subscribe again from the ticket page.'
      : 'Готово: больше сюда ничего не придёт. Подписаться снова можно на странице заявки.',
};

/** What an alert is about; each kind reads the facts it needs. */
export interface AlertFacts {
  /** The ticket's number and its console link, for the ticket's alerts. */
  number?: number;
  link?: string;
  /** A currency's code (a price, a chain, a reserve). */
  currency?: string;
  /** "0.5 BTC": what is left, and the threshold. */
  amount?: string;
  threshold?: string;
  /** The payment problem, the chain API's error, the waiting state. */
  detail?: string;
  minutes?: number;
  /** What a ticket past its SLA waits in. */
  waitState?: SlaState;
}

const WAIT_STATES: Record<Lang, Record<SlaState, string>> = {
  ru: {
    new: 'оплачена, ждёт выплаты',
    card_check: 'проверка карты',
    payment_problem: 'проблема с оплатой',
    refund_requested: 'запрошен возврат',
    awaiting_approval: 'выплата ждёт одобрения',
  },
  en: {
    new: 'paid, awaiting payout',
    card_check: 'card check',
    payment_problem: 'payment problem',
    refund_requested: 'refund requested',
    awaiting_approval: 'payout awaiting approval',
  },
};

/** The waiting state's name, or the free-text detail, in brackets. */
const waitedIn = (f: AlertFacts, lang: Lang) => {
  const what = f.waitState ? WAIT_STATES[lang][f.waitState] : f.detail;
  return what ? ` (${what})` : '';
};

const TEXTS: Record<TelegramAlertKind, Record<Lang, (f: AlertFacts) => string>> = {
  ticket_paid: {
    ru: (f) => `Оплачена заявка № ${f.number}${f.detail ? `: ${f.detail}` : ''}. Её ждут к выплате.`,
    en: (f) => `Ticket No. ${f.number} is paid${f.detail ? `: ${f.detail}` : ''}. It waits for its payout.`,
  },
  payment_problem: {
    ru: (f) => `Заявка № ${f.number}: проблема с оплатой${f.detail ? ` (${f.detail})` : ''}.`,
    en: (f) => `Ticket No. ${f.number}: a payment problem${f.detail ? ` (${f.detail})` : ''}.`,
  },
  card_check: {
    ru: (f) => `Заявка № ${f.number}: фото карты ждёт проверки.`,
    en: (f) => `Ticket No. ${f.number}: a card photo waits for its check.`,
  },
  aml_review: {
    ru: (f) =>
      `Заявка № ${f.number} на AML-проверке: решите до ${f.detail ?? 'срока'}, иначе клиенту откроется возврат.`,
    en: (f) =>
      `Ticket No. ${f.number} is on AML review: decide by ${f.detail ?? 'its deadline'}, or the client's refund opens.`,
  },
  sla_red: {
    ru: (f) => `Заявка № ${f.number} ждёт ${f.minutes ?? '?'} мин${waitedIn(f, 'ru')}: срок вышел.`,
    en: (f) => `Ticket No. ${f.number} has waited ${f.minutes ?? '?'} min${waitedIn(f, 'en')}: past its limit.`,
  },
  price_stale: {
    ru: (f) => `Курс ${f.currency} устарел: направления с ним закрыты, пока он не обновится.`,
    en: (f) => `The ${f.currency} price is stale: its directions are closed until it is fresh again.`,
  },
  chain_down: {
    ru: (f) => `Источник сети ${f.currency} не отвечает${f.detail ? `: ${f.detail}` : ''}. Направления закрыты.`,
    en: (f) => `The ${f.currency} chain source is down${f.detail ? `: ${f.detail}` : ''}. Its directions are closed.`,
  },
  reserve_low: {
    ru: (f) => `Резерв ${f.currency}: ${f.amount} — ниже порога ${f.threshold}.`,
    en: (f) => `The ${f.currency} reserve is ${f.amount}, below its threshold of ${f.threshold}.`,
  },
  payout_unknown: {
    ru: (f) => `Выплата по заявке № ${f.number}: исход неизвестен. Проверьте её у провайдера.`,
    en: (f) => `The payout of ticket No. ${f.number} has an unknown outcome. Check it at its provider.`,
  },
  payout_approval: {
    ru: (f) => `Выплата по заявке № ${f.number} ждёт одобрения.`,
    en: (f) => `The payout of ticket No. ${f.number} awaits approval.`,
  },
};

export function alertText(kind: TelegramAlertKind, facts: AlertFacts, lang: Lang): string {
  const text = TEXTS[kind][lang](facts);
  return facts.link ? `${text}\n${facts.link}` : text;
}

/** The Bot API takes at most 4096 characters a message. */
export const fitMessage = (text: string) => (text.length <= 4096 ? text : `${text.slice(0, 4095)}…`);
