/** How clients reach support: the contacts page, the seeded copy and the VIP request all use these. */
export const SUPPORT_CONTACTS = {
  email: 'support@obmen.example',
  telegram: { handle: '@obmen_support', url: 'https://t.me/obmen_support' },
  // Telegram Web opens the same support chat in the browser, with nothing to install.
  chatUrl: 'https://web.telegram.org/k/#@obmen_support',
} as const;
