import { expect, test } from '@playwright/test';
import { openConsole, operatorToken } from '../support/console';
import { mailsTo } from '../support/mailbox';
import { coinTicket, unique, type Lang } from '../support/tickets';

// Issue 46: "A message sent on the ticket page appears in the console and in the outbox; the
// operator's answer appears on the page, in both languages."

/** The e2e server's admin (playwright.config.ts ADMIN_EMAIL): staff hear of customers' messages. */
const STAFF = 'operator@obmen.test';

const COPY = {
  ru: {
    thread: 'Переписка',
    field: 'Ваше сообщение',
    send: 'Отправить',
    you: 'Вы',
    operator: 'Оператор',
    staffSubject: (n: number) => `Obmen: сообщение по заявке № ${n}`,
    answerSubject: (n: number) => `Obmen: ответ по заявке № ${n}`,
    consoleField: 'Ответ клиенту',
    consoleSend: 'Отправить ответ',
    unreadTab: 'Непрочитанные сообщения',
    number: (n: number) => `№ ${n}`,
  },
  en: {
    thread: 'Messages',
    field: 'Your message',
    send: 'Send',
    you: 'You',
    operator: 'Operator',
    staffSubject: (n: number) => `Obmen: a message on ticket No. ${n}`,
    answerSubject: (n: number) => `Obmen: an answer on ticket No. ${n}`,
    consoleField: 'Answer to the customer',
    consoleSend: 'Send the answer',
    unreadTab: 'Unread messages',
    number: (n: number) => `No. ${n}`,
  },
} as const;

/** The mail with this subject an address has received, if it has yet. */
const mailTo = (address: string, subject: string) => mailsTo(address).find((mail) => mail.subject === subject);

for (const lang of ['ru', 'en'] as Lang[]) {
  const c = COPY[lang];

  test(`a message on the ticket page reaches the console and the outbox; the answer comes back to the page (${lang})`, async ({
    page,
    browser,
    request,
  }) => {
    const email = `${unique('thread')}@obmen.test`;
    const ticket = await coinTicket(request, { email, lang });
    const question = `${lang === 'ru' ? 'Где мои деньги?' : 'Where is my money?'} <b>${ticket.number}</b>`;

    await page.goto(`/${lang}/ticket/${ticket.id}`);
    const thread = page.getByRole('region', { name: c.thread });
    await thread.getByLabel(c.field).fill(question);
    await thread.getByRole('button', { name: c.send }).click();
    const messages = thread.getByTestId('ticket-messages');
    await expect(messages.getByRole('listitem')).toHaveCount(1);
    await expect(messages.getByRole('listitem').first()).toContainText(c.you);
    // Markup is shown as the text the customer typed.
    await expect(messages.getByRole('listitem').first()).toContainText(question);

    // The staff's inbox, in the staff member's language (Russian by default).
    await expect.poll(() => mailTo(STAFF, COPY.ru.staffSubject(ticket.number))?.text).toContain(question);

    // The console: the ticket is among the unread threads, and its panel shows the message.
    const consolePage = await (await browser.newContext()).newPage();
    await openConsole(consolePage, `/admin/tickets?status=unread`, await operatorToken(), lang);
    await expect(consolePage.getByRole('button', { name: new RegExp(c.unreadTab) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await consolePage.getByRole('link', { name: c.number(ticket.number) }).click();
    const panelThread = consolePage.getByTestId('ticket-thread');
    await expect(panelThread.getByTestId('console-messages')).toContainText(question);
    const answer = lang === 'ru' ? 'Выплата отправлена, txid будет на странице заявки.' : 'The payout is on its way.';
    await panelThread.getByLabel(c.consoleField).fill(answer);
    await panelThread.getByRole('button', { name: c.consoleSend }).click();
    await expect(panelThread.getByTestId('console-messages').getByRole('listitem')).toHaveCount(2);

    // The customer's mail, in the ticket's language, with the answer.
    await expect.poll(() => mailTo(email, c.answerSubject(ticket.number))?.text).toContain(answer);

    // The page shows the answer at its next refresh, without a reload.
    await expect(messages.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
    await expect(messages.getByRole('listitem').nth(1)).toContainText(c.operator);
    await expect(messages.getByRole('listitem').nth(1)).toContainText(answer);
  });
}
