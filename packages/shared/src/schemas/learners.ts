import { z } from 'zod';
import { Msg } from '../messages.js';
import { accountNameProblem, isIdCard, isName, isPassword } from '../validators.js';
import { pageQuery } from './envelope.js';
import { sheetErrors } from './sheet-errors.js';
import { idText, line, mobileLine, secretLine } from './text.js';

/** `pending`: registered, waiting for a manager's approval (no login yet). */
export const learnerStatus = z.enum(['active', 'disabled', 'locked', 'pending']);
export type LearnerStatus = z.infer<typeof learnerStatus>;

/** 学员列表: a department (optionally with its sub-departments), a search, a status, a page. */
export const learnerQuery = z.strictObject({
  ...pageQuery.shape,
  departmentId: idText().optional(),
  /** with the department's sub-departments ('1' / 'true') */
  includeSub: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  /** name (part of it), phone or ID number */
  q: line(40).optional(),
  status: learnerStatus.optional(),
});

/** A person as the training manager sees them: the ID number masked, the phone whole. */
export const learner = z.object({
  id: z.string(),
  name: z.string(),
  account: z.string().nullable(),
  phone: z.string().nullable(),
  idCard: z.string(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  post: z.string().nullable(),
  status: learnerStatus,
  /** until when a lock (too many wrong passwords) holds */
  lockedUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type Learner = z.infer<typeof learner>;

export const learnerPage = z.object({ records: z.array(learner), total: z.number() });

const name = line(20).pipe(z.string().trim().min(1, Msg.NAME_REQUIRED).refine(isName, Msg.NAME_INVALID));
const idCard = line(18).pipe(
  z.string().trim().toUpperCase().min(1, Msg.ID_CARD_REQUIRED).refine(isIdCard, Msg.ID_CARD_INVALID),
);
const phone = mobileLine();
const post = line(40).pipe(z.string().trim());
const account = line(32).pipe(
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const problem = accountNameProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
);

/** A person's fields as a manager types them (learners here, an organisation's first admin too). */
export const personFields = { name, phone, account };

export const createLearnerBody = z.strictObject({
  name,
  idCard,
  phone: phone.optional(),
  departmentId: idText().nullish(),
  account: account.optional(),
  /** empty: a random password is made and shown once in the answer */
  password: secretLine(64)
    .trim() // as login trims it: a space at either end would lock the learner out
    .refine((v) => isPassword(v), Msg.PASSWORD_TOO_SHORT)
    .optional(),
  post: post.optional(),
});
export type CreateLearnerBody = z.infer<typeof createLearnerBody>;

export const updateLearnerBody = z
  .strictObject({
    name: name.optional(),
    /** a number typed wrong, put right (audited, masked; he then logs in with the right one) */
    idCard: idCard.optional(),
    phone: phone.nullable().optional(),
    departmentId: idText().nullable().optional(),
    post: post.nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), '没有要修改的内容');
export type UpdateLearnerBody = z.infer<typeof updateLearnerBody>;

/** A password made by the server: shown once, to hand to the learner. */
export const issuedPassword = z.object({ learner, password: z.string().nullable() });

/** The export: the list's filters, and `full=1` for whole ID numbers (audited). */
export const learnerExportQuery = z.strictObject({
  departmentId: idText().optional(),
  includeSub: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  q: line(40).optional(),
  status: learnerStatus.optional(),
  full: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/** The columns of the learner spreadsheet, in order (the template's header row). */
export const LEARNER_IMPORT_COLUMNS = ['姓名', '身份证号', '手机号', '部门', '账号', '初始密码', '岗位/工种'] as const;

export const learnerImportQuery = z.strictObject({
  /** create departments named in the sheet that do not exist yet ('1' / 'true') */
  createDepartments: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/** All or nothing: with any error nothing is written and `errors` names each bad cell by its spreadsheet row. */
export const importResult = z.object({
  created: z.number(),
  /** learners already there whose row changed something of theirs */
  updated: z.number(),
  /** learners already there whose row matched what they have: nothing written */
  unchanged: z.number(),
  /** what changed for each updated learner (姓名, 手机号, 账号, 部门, 岗位), by spreadsheet row */
  changes: z.array(
    z.object({
      row: z.number(),
      name: z.string(),
      fields: z.array(z.string()),
      /** the name before, when the sheet changed it */
      formerName: z.string().optional(),
    }),
  ),
  /** learners already there whose row gave a 初始密码: it is for new learners only, theirs is kept */
  passwordsKept: z.number(),
  errors: sheetErrors,
});
export type ImportResult = z.infer<typeof importResult>;

/** 报名咨询 as the manager follows it up. */
export const enquiryStatus = z.enum(['new', 'contacted', 'enrolled', 'closed']);
export const enquiryQuery = z.strictObject({
  ...pageQuery.shape,
  status: enquiryStatus.optional(),
  q: line(40).optional(),
});
export const enquiry = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  orgName: z.string(),
  courseName: z.string(),
  note: z.string(),
  status: enquiryStatus,
  followUp: z.string(),
  personId: z.string().nullable(),
  createdAt: z.string(),
});
export type Enquiry = z.infer<typeof enquiry>;
export const enquiryPage = z.object({ records: z.array(enquiry), total: z.number() });
export const updateEnquiryBody = z
  .strictObject({ status: enquiryStatus.optional(), followUp: line(500).optional() })
  .refine((b) => b.status !== undefined || b.followUp !== undefined, '没有要修改的内容');
/** Make a learner of an enquiry: its name and phone, plus what a learner needs. */
export const enquiryLearnerBody = z.strictObject({
  idCard: createLearnerBody.shape.idCard,
  departmentId: idText().nullish(),
  password: createLearnerBody.shape.password,
});

/** 注册审核: whether a learner who registers may log in at once or after a manager approved. */
export const registrationSettings = z.object({ mode: z.enum(['open', 'approval']), pendingCount: z.number() });
export type RegistrationSettings = z.infer<typeof registrationSettings>;
export const registrationSettingsBody = z.strictObject({ mode: z.enum(['open', 'approval']) });
