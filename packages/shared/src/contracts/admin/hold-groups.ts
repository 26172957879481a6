import * as z from '../zod';
import { parseAddressRange } from '../../validation/address-range';
import { optionalIntField, optionalText, text } from './fields';

// ——— Releasing a group of holds in one action (issue 42) ———

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/**
 * Which open unpaid tickets the operator cancels at once: from an address range (CIDR), with an
 * e-mail domain, older than some minutes; the ones given must all match, at least one is given.
 */
export const adminHoldsCancelGroup = z
  .object({
    addressRange: text(64)
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || parseAddressRange(v) !== null, 'admin.holdsBadRange'),
    emailDomain: text(253)
      .optional()
      .transform((v) => v?.replace(/^@/, '').toLowerCase() || undefined)
      .refine((v) => v === undefined || DOMAIN.test(v), 'admin.holdsBadDomain'),
    olderThanMinutes: optionalIntField(1, 7 * 24 * 60).optional(),
    note: optionalText(500),
  })
  .refine((v) => v.addressRange || v.emailDomain || v.olderThanMinutes, {
    message: 'admin.holdsGroupEmpty',
    path: ['addressRange'],
  });
export type AdminHoldsCancelGroup = z.output<typeof adminHoldsCancelGroup>;
