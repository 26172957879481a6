/**
 * Every key starts with the session it belongs to, so one partner's keys are never shown to the
 * next person who logs in on the same tab.
 */
export const partnerKeys = {
  all: ['partners'] as const,
  of: (owner: string) => [...partnerKeys.all, owner] as const,
  keys: (owner: string) => [...partnerKeys.of(owner), 'keys'] as const,
  report: (owner: string, from: string, to: string) => [...partnerKeys.of(owner), 'report', from, to] as const,
};
