import * as z from './zod';

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

export { SUPPORT_CONTACTS } from './support-contacts';
