/** Keys start with the session they belong to: one user's codes are never shown to the next. */
export const promoKeys = {
  all: ['promo'] as const,
  of: (owner: string) => [...promoKeys.all, owner] as const,
  list: (owner: string, page: number) => [...promoKeys.of(owner), 'list', page] as const,
  active: (owner: string) => [...promoKeys.of(owner), 'active'] as const,
  discount: (owner: string) => [...promoKeys.of(owner), 'discount'] as const,
};
