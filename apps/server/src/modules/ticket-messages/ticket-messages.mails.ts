import type { Lang } from '@obmen/shared';
import { layout, type MailContent } from '../mail/mail.templates';

// The message itself goes into the mail as text: `layout` escapes it, so a message is never markup.

/** To the customer: an operator answered on the ticket. The link is the ticket's own, as in its status mails. */
export function operatorAnswerMail(lang: Lang, facts: { number: number; body: string; link: string }): MailContent {
  const en = lang === 'en';
  const lines = en
    ? [`The operator answered on ticket No. ${facts.number}:`, facts.body, 'You can reply on the ticket page.']
    : [`Оператор ответил по заявке № ${facts.number}:`, facts.body, 'Ответить можно на странице заявки.'];
  return {
    subject: en ? `Obmen: an answer on ticket No. ${facts.number}` : `Obmen: ответ по заявке № ${facts.number}`,
    text: `${lines.join('\n\n')}\n\n${facts.link}\n`,
    html: layout(lines, { href: facts.link, label: en ? 'Open the ticket' : 'Открыть заявку' }),
  };
}

/** To operators and admins: a customer wrote on a ticket; the link opens it in the console. */
export function customerMessageMail(
  lang: Lang,
  facts: { number: number; email: string; body: string; link: string },
): MailContent {
  const en = lang === 'en';
  const lines = en
    ? [`The customer of ticket No. ${facts.number} (${facts.email}) wrote:`, facts.body]
    : [`Клиент по заявке № ${facts.number} (${facts.email}) написал:`, facts.body];
  return {
    subject: en ? `Obmen: a message on ticket No. ${facts.number}` : `Obmen: сообщение по заявке № ${facts.number}`,
    text: `${lines.join('\n\n')}\n\n${facts.link}\n`,
    html: layout(lines, { href: facts.link, label: en ? 'Open in the console' : 'Открыть в консоли' }),
  };
}
