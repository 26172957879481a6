import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the tests through playwright.config.ts');
  return dir;
}

/** Every mail caught for an address, oldest first. */
export function mailsTo(address: string): CaughtMail[] {
  return readdirSync(mailDir())
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(path.join(mailDir(), name), 'utf8')) as CaughtMail)
    .filter((mail) => mail.to === address.toLowerCase())
    .sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
}

/** The newest mail to an address received after `since`, waiting for it up to `timeoutMs`. */
export async function newestMail(address: string, { since = new Date(0), timeoutMs = 10_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = mailsTo(address)
      .filter((caught) => new Date(caught.receivedAt) >= since)
      .at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link in a mail's text that points at `pathPart` (e.g. '/reset?'). */
export function linkIn(mail: CaughtMail, pathPart: string): string {
  const link = mail.text.match(/https?:\/\/[^\s<>"]+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`no ${pathPart} link in the mail "${mail.subject}":\n${mail.text}`);
  return link;
}
