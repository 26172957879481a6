import * as z from '../zod';
import { intField } from './fields';

// The console's AML screening settings (issue 48): the two thresholds and how long a review may last.

const score = intField(0, 100);

/** GET/PUT /api/admin/aml/settings. Scores are the provider's risk 0-100; a review lasts whole hours. */
export const adminAmlSettings = z
  .object({
    reviewScore: score,
    refuseScore: score,
    reviewHours: intField(1, 720),
  })
  .refine((s) => s.refuseScore >= s.reviewScore, { path: ['refuseScore'], message: 'admin.amlRefuseBelowReview' });
export type AdminAmlSettings = z.infer<typeof adminAmlSettings>;
export type AdminAmlSettingsBody = z.input<typeof adminAmlSettings>;

/** The settings as the console reads them. */
export const adminAmlSettingsSchema = z.object({
  reviewScore: z.number().int(),
  refuseScore: z.number().int(),
  reviewHours: z.number().int(),
});
