import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { sheetErrors } from './sheet-errors.js';
import { examRules } from './exams.js';
import { faceCheckRules } from './identity.js';
import { retentionYears } from './retention.js';
import { calendarDay, idText, line } from './text.js';

/** A day of the class period, as the organisation reads it: YYYY-MM-DD. */
const day = calendarDay;

/** What a class asks of its learners: face checks and exams (the rules JSON the learning core reads). */
export const classRules = z.object({
  faceCheck: faceCheckRules,
  exam: examRules.extend({
    durationMinutes: z.number().int().min(5).max(600),
    totalScore: z.number().int().min(10).max(1000),
    passScore: z.number().int().min(1).max(1000),
    retakes: z.number().int().min(0).max(20),
    /** left out: off for a new class, as it was for one edited */
    afterStudy: z.boolean().optional(),
  }),
  /** at most this many hours credited to a learner of the class per study day (all his study that day); null: the platform's cap */
  dailyCapHours: z.number().min(0.5, '每日学习上限不能少于0.5小时').max(24).nullable().default(null),
});
export type ClassRules = z.infer<typeof classRules>;

const className = line(60).pipe(z.string().trim().min(1, '请输入班级名称'));

export const createClassBody = z
  .strictObject({
    name: className,
    teacher: line(30).optional(),
    startDate: day.nullish(),
    endDate: day.nullish(),
    /** course books, in the order learners take them */
    bookIds: z.array(idText()).min(1, '请至少选择一门课程').max(50),
    rules: classRules,
    /** years its records are kept; null or absent: the organisation's */
    retentionYears: retentionYears.nullish(),
  })
  .refine((b) => !b.startDate || !b.endDate || b.startDate <= b.endDate, '结束日期不能早于开始日期')
  .refine((b) => b.rules.exam.passScore <= b.rules.exam.totalScore, '及格分不能高于总分');
export type CreateClassBody = z.infer<typeof createClassBody>;

export const updateClassBody = z
  .strictObject({
    name: className.optional(),
    teacher: line(30).optional(),
    startDate: day.nullable().optional(),
    endDate: day.nullable().optional(),
    /** the whole ordered list; a course added to a class with members gets records for each */
    bookIds: z.array(idText()).min(1, '请至少选择一门课程').max(50).optional(),
    rules: classRules.optional(),
    retentionYears: retentionYears.nullable().optional(),
  })
  // both sent; one sent alone is checked against the class's other on the server
  .refine((b) => !b.startDate || !b.endDate || b.startDate <= b.endDate, '结束日期不能早于开始日期')
  .refine((b) => !b.rules || b.rules.exam.passScore <= b.rules.exam.totalScore, '及格分不能高于总分');
export type UpdateClassBody = z.infer<typeof updateClassBody>;

export const classCourseSummary = z.object({
  trainClassCourseId: z.string(),
  bookId: z.string(),
  name: z.string(),
  classHours: z.number(),
  unitCount: z.number(),
  /** questions in its bank (none: a class requiring its exam cannot be completed) */
  questionCount: z.number(),
});

/** 未开始 / 进行中 / 已到期 (past its end date, not closed) / 已结课 */
export const classPhase = z.enum(['notStarted', 'open', 'ended', 'closed']);
export type ClassPhase = z.infer<typeof classPhase>;

export const managedClass = z.object({
  id: z.string(),
  name: z.string(),
  teacher: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  /** where it stands on its dates today (the study time zone's day); closed once closed */
  phase: classPhase,
  rules: classRules,
  courses: z.array(classCourseSummary),
  memberCount: z.number(),
  /** its certificates that stand: a course added now leaves them as issued (换发 in 证书管理) */
  certificateCount: z.number(),
  /** 学时 the class requires: the sum of its courses' */
  requiredHours: z.number(),
  /** its own retention in years; null: the organisation's */
  retentionYears: z.number().nullable(),
});
export type ManagedClass = z.infer<typeof managedClass>;

export const classListQuery = z.strictObject({
  ...pageQuery.shape,
  q: line(60).optional(),
  status: z.enum(['open', 'closed']).optional(),
});

/** Enrol whole departments (with or without their sub-departments) and/or single learners. */
export const enrolBody = z
  .strictObject({
    departmentIds: z.array(idText()).max(200).optional(),
    includeSub: z.boolean().optional(),
    personIds: z.array(idText()).max(5000).optional(),
  })
  .refine((b) => (b.departmentIds?.length ?? 0) + (b.personIds?.length ?? 0) > 0, '请选择部门或学员');

/** Enrolling someone already in the class is no error: they count as already there. */
export const enrolResult = z.object({
  enrolled: z.number(),
  already: z.number(),
  /** a department's learners left out: disabled, or their registration not yet approved */
  skipped: z.number(),
});

/** An enrolment list (.xlsx of ID numbers or phones), all or nothing: any row not found → nobody enrolled. */
export const enrolSheetResult = enrolResult.extend({
  errors: sheetErrors,
});
export type EnrolSheetResult = z.infer<typeof enrolSheetResult>;

export const memberQuery = z.strictObject({ ...pageQuery.shape, q: line(40).optional() });
export const classMember = z.object({
  trainPersonId: z.string(),
  personId: z.string(),
  name: z.string(),
  idCard: z.string(),
  departmentName: z.string().nullable(),
  joinedAt: z.string(),
  coursesDone: z.number(),
  courseCount: z.number(),
  /** credited seconds over the class's courses */
  studiedSeconds: z.number(),
  lastStudyAt: z.string().nullable(),
  /** nothing on record yet (study, face checks, exams): 移出 may take him out */
  removable: z.boolean(),
});
export const memberPage = z.object({ records: z.array(classMember), total: z.number() });
