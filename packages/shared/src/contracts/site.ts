import { z } from 'zod';

/** GET /api/v1/SiteState answers 503 with this while exchanges are paused. */
export const siteStateNotice = z.object({ header: z.string(), text: z.string() });
export type SiteStateNotice = z.infer<typeof siteStateNotice>;

/** The operator's switch (PUT /api/admin/site-state). */
export const siteStateUpdate = z.object({
  convertEnabled: z.boolean(),
  headerRu: z.string().max(200).optional(),
  textRu: z.string().max(2000).optional(),
  headerEn: z.string().max(200).optional(),
  textEn: z.string().max(2000).optional(),
});
export const siteStateSchema = siteStateUpdate.required().extend({ updatedAt: z.string() });

/** How clients reach support: the contacts page, the seeded copy and the VIP request all use these. */
export const SUPPORT_CONTACTS = {
  email: 'support@obmen.example',
  telegram: { handle: '@obmen_support', url: 'https://t.me/obmen_support' },
  // Telegram Web opens the same support chat in the browser, with nothing to install.
  chatUrl: 'https://web.telegram.org/k/#@obmen_support',
} as const;
