/** Keys start with the session they belong to, so one account's endpoints never show to the next person on the tab. */
export const webhookKeys = {
  all: ['partner-webhooks'] as const,
  of: (owner: string) => [...webhookKeys.all, owner] as const,
  list: (owner: string) => [...webhookKeys.of(owner), 'list'] as const,
  deliveries: (owner: string, id: string) => [...webhookKeys.of(owner), 'deliveries', id] as const,
};
