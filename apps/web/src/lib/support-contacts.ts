import { SUPPORT_CONTACTS } from '@obmen/shared/support-contacts';

// Support's addresses: one definition, shared with the contacts page and the seeded copy.
export const SUPPORT_EMAIL = SUPPORT_CONTACTS.email;
export const SUPPORT_TELEGRAM_HANDLE = SUPPORT_CONTACTS.telegram.handle;
export const SUPPORT_TELEGRAM_URL = SUPPORT_CONTACTS.telegram.url;

/** A mailto: link to support with a subject and body, encoded the way mail programs read them. */
export function supportMailto({ subject, body }: { subject: string; body?: string }): string {
  const query = [`subject=${encodeURIComponent(subject)}`, ...(body ? [`body=${encodeURIComponent(body)}`] : [])];
  return `mailto:${SUPPORT_EMAIL}?${query.join('&')}`;
}

/**
 * Opens a link as if the visitor had clicked it: a mail link in their mail program, a web link in
 * a new tab that cannot reach back into this one. A real click keeps the browser's popup rules happy.
 */
export function openLink(href: string, { newTab = false }: { newTab?: boolean } = {}): void {
  const link = document.createElement('a');
  link.href = href;
  if (newTab) {
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
  }
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
