import type { Lang } from '@obmen/shared/i18n';

/**
 * Every key starts with the session it belongs to, so one user's figures are never shown to the
 * next person who logs in on the same tab.
 */
export const referralKeys = {
  all: ['referral'] as const,
  of: (owner: string) => [...referralKeys.all, owner] as const,
  summary: (owner: string, lang: Lang) => [...referralKeys.of(owner), 'summary', lang] as const,
  currencies: (owner: string, lang: Lang) => [...referralKeys.of(owner), 'currencies', lang] as const,
  charges: (owner: string, page: number) => [...referralKeys.of(owner), 'charges', page] as const,
  payouts: (owner: string, page: number) => [...referralKeys.of(owner), 'payouts', page] as const,
  createPayout: () => [...referralKeys.all, 'create-payout'] as const,
};
