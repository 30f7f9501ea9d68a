import { z } from 'zod';
import { idText } from './text.js';

export const orgInfo = z.object({
  baseOrgInfoId: z.string(),
  baseOrgName: z.string(),
  orgCode: z.string(),
  /** URL of the organisation's logo, or null for the default image */
  logoUrl: z.string().nullable(),
  /** the site footer of this organisation (spec §1); empty strings are not shown */
  footer: z.object({
    copyright: z.string(),
    address: z.string(),
    phone: z.string(),
    icpRecord: z.string(),
    policeRecord: z.string(),
  }),
});
export type OrgInfo = z.infer<typeof orgInfo>;

export const orgCodeParam = z.strictObject({ code: idText(32) });
