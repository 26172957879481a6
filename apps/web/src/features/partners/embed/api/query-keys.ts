/** Keyed by the session they belong to, so one partner's sites are never shown to the next person on the tab. */
export const embedKeys = {
  all: ['partner-embed'] as const,
  settings: (owner: string) => [...embedKeys.all, owner, 'settings'] as const,
};
