import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { calendarDay, idText, line } from './text.js';

/**
 * 报表 (issue: Console III): what a training manager answers to his employer and the
 * regulator with. Every credited figure is summed from the study record (study_events), never
 * from a counter that could drift.
 */

/** a membership's state over its class's courses */
/** 未开始, 学习中, 待考试 (studied through, its exam left), 已完成 */
export const memberStatus = z.enum(['not-started', 'studying', 'exam-due', 'done']);
export type MemberStatus = z.infer<typeof memberStatus>;

/** a date range (days in the organisation's time zone, both included) for credited study */
const range = {
  from: calendarDay.optional(),
  to: calendarDay.optional(),
};

export const classProgressQuery = z.strictObject({
  ...pageQuery.shape,
  classId: idText(),
  /** a department and those under it */
  departmentId: idText().optional(),
  /** one course of the class: figures, status and sheets for that course alone */
  classCourseId: idText().optional(),
  status: memberStatus.optional(),
  /** name, phone or ID number */
  q: line(40).optional(),
  ...range,
});

/** voided: passed, then voided by a manager in 核验审核 (not counted as passed) */
const checkCounts = z.object({
  passed: z.number(),
  failed: z.number(),
  pending: z.number(),
  /** never tried, its window closed (逾期未核验) */
  missed: z.number(),
  voided: z.number(),
  /** photos refused as no proof of presence (a copy, the same still scene, not from the camera) */
  refusedCopies: z.number(),
});

export const classProgressRow = z.object({
  trainPersonId: z.string(),
  personId: z.string(),
  name: z.string(),
  /** masked */
  idCard: z.string(),
  /** 已停用: a learner who left (his record stays, and so does he in the class's figures) */
  disabled: z.boolean(),
  departmentName: z.string().nullable(),
  status: memberStatus,
  requiredHours: z.number(),
  /** credited in the range (all time without one) */
  creditedSeconds: z.number(),
  creditedHours: z.number(),
  /** 计入学时: what the class counts of it (a course waiting for its exam counts none), as his 我的学习 shows */
  countedHours: z.number(),
  coursesDone: z.number(),
  courseCount: z.number(),
  examsPassed: z.number(),
  examAttempts: z.number(),
  faceChecks: checkCounts,
  certificate: z.object({ number: z.string(), status: z.enum(['valid', 'revoked']) }).nullable(),
  lastStudyAt: z.string().nullable(),
});
export type ClassProgressRow = z.infer<typeof classProgressRow>;
export const classProgressPage = z.object({
  records: z.array(classProgressRow),
  total: z.number(),
  className: z.string(),
  requiredHours: z.number(),
  courseCount: z.number(),
  /** whether the class checks faces (its 人脸核验 column says nothing when it does not) */
  checksFaces: z.boolean(),
  /** the class's courses, to filter by */
  courses: z.array(z.object({ classCourseId: z.string(), name: z.string() })),
});
export type ClassProgressPage = z.infer<typeof classProgressPage>;

export const refusalCounts = z.record(z.string(), z.number());

export const learnerUnitReport = z.object({
  trainWarpCourseId: z.string(),
  title: z.string(),
  durationSeconds: z.number(),
  creditedSeconds: z.number(),
  studyCount: z.number(),
  done: z.boolean(),
  firstStudyAt: z.string().nullable(),
  lastStudyAt: z.string().nullable(),
  /** reports that earned nothing, by reason (RATE, SEEK, HIDDEN, IDLE, OTHER_PLAYBACK, FACE_CHECK_DUE, DAILY_CAP…) */
  refusals: refusalCounts,
});
export const learnerCourseReport = z.object({
  trainClassCourseId: z.string(),
  courseName: z.string(),
  requiredHours: z.number(),
  creditedSeconds: z.number(),
  status: memberStatus,
  examPassedAt: z.string().nullable(),
  examAttemptsUsed: z.number(),
  /** what the class allows him (its retakes, and any 补考 granted); null: no exam required */
  examAttemptsAllowed: z.number().nullable(),
  /** of those, the 补考 a manager granted him one by one (允许补考; who and when: 操作日志) */
  examAttemptsGranted: z.number(),
  units: z.array(learnerUnitReport),
});
export const learnerCheckReport = z.object({
  checkId: z.string(),
  kind: z.enum(['start', 'random', 'end', 'exam']),
  /** voided: passed, then voided by a manager in 核验审核; missed: never tried, its window closed */
  status: z.enum(['pending', 'missed', 'failed', 'passed', 'voided']),
  dueAt: z.string(),
  passedAt: z.string().nullable(),
  bestScore: z.number().nullable(),
  attempts: z.number(),
  unitTitle: z.string().nullable(),
  /** 核验审核's decision on it, if any: a void's reason and the credit it took back */
  review: z
    .object({
      decision: z.enum(['confirmed', 'voided']),
      reason: z.string(),
      reviewerName: z.string().nullable(),
      reviewedAt: z.string(),
      voidedSeconds: z.number(),
    })
    .nullable(),
});
export const learnerExamReport = z.object({
  attemptId: z.string(),
  courseName: z.string(),
  status: z.enum(['open', 'submitted', 'expired']),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
  score: z.number().nullable(),
  totalScore: z.number(),
  passScore: z.number(),
  passed: z.boolean(),
  /** voided with a face check (the learner's identity was in doubt): neither a pass nor a try */
  voided: z.boolean(),
});
export const learnerClassReport = z.object({
  trainPersonId: z.string(),
  classId: z.string(),
  className: z.string(),
  joinedAt: z.string(),
  status: memberStatus,
  requiredHours: z.number(),
  creditedSeconds: z.number(),
  creditedHours: z.number(),
  /** 计入学时, as his 我的学习 shows (see classProgressRecord) */
  countedHours: z.number(),
  courses: z.array(learnerCourseReport),
  faceChecks: z.array(learnerCheckReport),
  examAttempts: z.array(learnerExamReport),
  certificate: z.object({ number: z.string(), status: z.enum(['valid', 'revoked']), issuedAt: z.string() }).nullable(),
});
export const learnerReport = z.object({
  personId: z.string(),
  name: z.string(),
  /** masked */
  idCard: z.string(),
  phone: z.string(),
  departmentName: z.string().nullable(),
  post: z.string().nullable(),
  classes: z.array(learnerClassReport),
});
export type LearnerReport = z.infer<typeof learnerReport>;

export const departmentSummaryQuery = z.strictObject({
  classId: idText().optional(),
  ...range,
});
export const departmentSummaryRow = z.object({
  /** null: learners in no department */
  departmentId: z.string().nullable(),
  name: z.string(),
  /** learners of the department and of those under it (as the department tree counts them) */
  learners: z.number(),
  /** their memberships (in the class, when one is chosen) */
  enrolled: z.number(),
  completed: z.number(),
  /** completed ÷ enrolled, 0–1 */
  completionRate: z.number(),
  creditedSeconds: z.number(),
  creditedHours: z.number(),
});
export type DepartmentSummaryRow = z.infer<typeof departmentSummaryRow>;

/** `full=1`: ID numbers whole (audited either way); otherwise masked. */
export const fullFlag = z
  .enum(['1', '0', 'true', 'false'])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** 班级学习情况 (one row per learner × course) and 学习明细 (one row per learner × unit), as the page filters them. */
export const classExportQuery = classProgressQuery.omit({ current: true, size: true }).extend({ full: fullFlag });
/** 学习轨迹: the class's sheet filters, or one member of it alone */
export const classTrailQuery = classExportQuery.extend({ trainPersonId: idText().optional() });
export const departmentExportQuery = departmentSummaryQuery;

/** 概览 (the console's home): one day's figures, or a period's. */
export const dashboardFigures = z.object({
  /** YYYY-MM-DD in the organisation's time zone (a period: its first day) */
  day: z.string(),
  /** learners credited with any study */
  learnersActive: z.number(),
  creditedHours: z.number(),
  checksPassed: z.number(),
  checksFailed: z.number(),
  checksPending: z.number(),
  checksMissed: z.number(),
  examAttempts: z.number(),
  examsPassed: z.number(),
  certificates: z.number(),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;
export const classBehind = z.object({
  classId: z.string(),
  name: z.string(),
  endDate: z.string().nullable(),
  members: z.number(),
  done: z.number(),
  /** 学时 credited ÷ 学时 its members owe, 0–1 */
  progressShare: z.number(),
  /** how much of the class's period has gone, 0–1 */
  elapsedShare: z.number(),
});
export const dashboard = z.object({
  today: dashboardFigures,
  last30Days: dashboardFigures,
  /** the last 30 days, oldest first */
  series: z.array(dashboardFigures),
  classesBehind: z.array(classBehind),
  /** what the organisation has so far (a new one is shown its first steps until it has each) */
  setup: z.object({ learners: z.number(), courses: z.number(), classes: z.number() }),
});
export type Dashboard = z.infer<typeof dashboard>;

/** 一期一档: where the class's archive stands — being built (with its percent), ready, or failed. */
export const classArchiveStatus = z.object({
  jobId: z.string().nullable(),
  status: z.enum(['none', 'queued', 'running', 'done', 'failed']),
  percent: z.number(),
  error: z.string().nullable(),
  /** the newest archive ready to download, if any (an older one while a new one is built) */
  ready: z.object({ producedAt: z.string(), bytes: z.number(), sha256: z.string(), files: z.number() }).nullable(),
});
export type ClassArchiveStatus = z.infer<typeof classArchiveStatus>;
