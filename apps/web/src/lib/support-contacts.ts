/** Support's addresses, the same the seeded pages give (server seed, demo-pages.ts). */
export const SUPPORT_EMAIL = 'support@obmen.example';
export const SUPPORT_TELEGRAM_HANDLE = '@obmen_support';
export const SUPPORT_TELEGRAM_URL = 'https://t.me/obmen_support';

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
