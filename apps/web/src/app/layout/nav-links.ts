import type { PageRouteName } from '@obmen/shared/routing';

/** The header's information pages, in the spec's order (§2); the drawer and the footer reuse them. */
export const NAV_PAGES: readonly PageRouteName[] = ['about', 'partner', 'aml', 'rules', 'faq', 'news', 'contacts'];

/** The footer groups the same pages by what a visitor looks for. */
export const FOOTER_GROUPS: readonly { title: string; pages: readonly PageRouteName[] }[] = [
  { title: 'shell.footer.service', pages: ['about', 'news', 'partner', 'contacts', 'find_ticket', 'status'] },
  { title: 'shell.footer.documents', pages: ['rules', 'aml', 'faq', 'verify'] },
];
