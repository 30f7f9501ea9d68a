import { z } from 'zod';
import { Msg } from '../messages.js';
import { isPassword } from '../validators.js';
import { pageQuery } from './envelope.js';
import { personFields } from './learners.js';
import { idText, line, secretLine } from './text.js';

/** 单位管理 (the platform operator): organisations and their first training manager. */
export const organisationCode = line(32).pipe(
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{2,32}$/, '单位编码只能是2–32位字母、数字、下划线或减号'),
);
const orgName = line(60).pipe(z.string().trim().min(1, '请输入单位名称'));
const footer = {
  footerCopyright: line(100).optional(),
  footerAddress: line(200).optional(),
  footerPhone: line(40).optional(),
  icpRecord: line(60).optional(),
  policeRecord: line(60).optional(),
};

export const organisationQuery = z.strictObject({ ...pageQuery.shape, q: line(40).optional() });
export const managedOrganisation = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  footerCopyright: z.string(),
  footerAddress: z.string(),
  footerPhone: z.string(),
  icpRecord: z.string(),
  policeRecord: z.string(),
  registrationMode: z.enum(['open', 'approval']),
  /** stopped by the operator: none of its people log in, nobody registers into it */
  disabled: z.boolean(),
  admins: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      account: z.string().nullable(),
      status: z.enum(['active', 'disabled', 'locked']),
    }),
  ),
  learnerCount: z.number(),
  createdAt: z.string(),
});
export type ManagedOrganisation = z.infer<typeof managedOrganisation>;
export const organisationPage = z.object({ records: z.array(managedOrganisation), total: z.number() });

export const adminBody = z.strictObject({
  name: personFields.name,
  account: personFields.account,
  phone: personFields.phone.optional(),
  /** empty: a random password is made and shown once in the answer */
  password: secretLine(64)
    .trim() // as login trims it: a space at either end would lock the admin out
    .refine((v) => isPassword(v), Msg.PASSWORD_TOO_SHORT)
    .optional(),
});
export const createOrganisationBody = z.strictObject({
  code: organisationCode,
  name: orgName,
  ...footer,
  admin: adminBody,
});
export type CreateOrganisationBody = z.infer<typeof createOrganisationBody>;
export const updateOrganisationBody = z
  .strictObject({ name: orgName.optional(), ...footer })
  .refine((b) => Object.values(b).some((v) => v !== undefined), '没有要修改的内容');

/** What the operator does to one of an organisation's training managers. */
export const ADMIN_ACTIONS = ['disable', 'enable', 'unlock', 'reset-password'] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
export const adminActionParams = z.strictObject({
  id: idText(),
  adminId: idText(),
  action: z.enum(ADMIN_ACTIONS),
});

/** The organisation (or its new admin) and, when the server made one, the password — shown once. */
export const organisationCreated = z.object({
  organisation: managedOrganisation,
  account: z.string(),
  password: z.string().nullable(),
});
