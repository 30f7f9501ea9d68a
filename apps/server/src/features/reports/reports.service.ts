import { parseFaceCheckRules } from '../../core/face-check-rules.js';
import { parseExamRules } from '../../core/exam-rules.js';
import { LearnStatus } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import type {
  ClassProgressPage,
  classProgressQuery,
  DepartmentSummaryRow,
  departmentSummaryQuery,
  LearnerReport,
} from '@anxun/shared/schemas/reports';
import { maskPhone } from '@anxun/shared/validators';
import type { z } from 'zod';
import { coursesHours, creditSeconds, totalHours } from '../../core/credit-figures.js';
import { countedHoursOf } from './counted-hours.js';
import { courseStatus, memberStatus } from './member-status.js';
import type { AppContext } from '../../app-context.js';
import {
  departmentNameOf,
  departmentPaths,
  departmentPathsOfOrg,
  findDepartmentsOfOrg,
  withSubDepartments,
  inTreeOrder,
} from '../../core/department.repository.js';
import { maskedIdCard } from '../../core/id-cards.js';
import { dayStart, recordTime, recordTimeOrNull } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import {
  countChecksByStatus,
  countRefusedCopiesByMember,
  countExamAttempts,
  countLearnersByDepartment,
  countMembershipsByDepartment,
  countRefusalsByUnit,
  findAttempts,
  findCertificates,
  findChecks,
  findClassCourseNames,
  findClassMembers,
  findClassOfOrg,
  findCourseRecords,
  findMemberships,
  findPersonOfOrg,
  findUnitRecords,
  sumCreditByDepartment,
  sumCreditByMember,
  sumCreditByUnit,
  type TimeRange,
} from './reports.repository.js';

/**
 * 报表 (issue: Console III): class progress, one learner's whole record, and departments.
 * Every query is scoped by the manager's organisation first; credited time is summed from
 * study_events, so a figure here is one an auditor can recompute from the record.
 */

const round2 = (n: number) => Math.round(n * 100) / 100;
// a member's, a class's or a department's: totals over courses
const hoursOf = (ctx: AppContext, seconds: number) => totalHours(seconds, ctx.config.study.secondsPerClassHour);

/** 计入学时 of a member's course records, as his 我的学习 counts them (all time: a standing, not a period's). */
const countedOf = (ctx: AppContext, courses: Awaited<ReturnType<typeof findCourseRecords>>) =>
  countedHoursOf(courses, ctx.config.study.secondsPerClassHour);

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
function rangeOf(query: { from?: string | undefined; to?: string | undefined }): TimeRange {
  if (query.from && query.to && query.from > query.to) {
    throw new AppError(ErrorCode.BAD_REQUEST, '开始日期不能晚于结束日期');
  }
  const range = {
    from: query.from ? dayStart(query.from) : undefined,
    to: query.to ? dayStart(nextDay(query.to)) : undefined,
  };
  // the schema keeps days within 1970–2100; a time that still is not a number is refused, never summed
  if ([range.from, range.to].some((t) => t !== undefined && !Number.isFinite(t))) {
    throw new AppError(ErrorCode.BAD_REQUEST, '日期超出范围');
  }
  return range;
}

export function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** The class of the manager's organisation a report is about. */
export async function reportClass(ctx: AppContext, user: AuthUser, classId: string) {
  const cls = await findClassOfOrg(ctx.db, user.orgId, classId);
  if (!cls) throw new AppError(ErrorCode.NOT_FOUND, '班级不存在');
  return cls;
}
/** A course of the class to report on (404 when it is not the class's); undefined: all of them. */
function pickCourse(courses: ReadonlyArray<{ id: string }>, classCourseId: string | undefined) {
  if (classCourseId && !courses.some((c) => c.id === classCourseId)) {
    throw new AppError(ErrorCode.NOT_FOUND, '班级没有这门课程');
  }
  return classCourseId;
}
export const reportCourse = async (ctx: AppContext, classId: string, classCourseId: string | undefined) =>
  classCourseId ? pickCourse(await findClassCourseNames(ctx.db, classId), classCourseId) : undefined;
export const reportRange = (query: { from?: string | undefined; to?: string | undefined }) => rangeOf(query);
export const reportScope = (ctx: AppContext, user: AuthUser, departmentId: string | undefined) =>
  departmentScope(ctx, user.orgId, departmentId);

async function departmentScope(ctx: AppContext, orgId: string, departmentId: string | undefined) {
  if (!departmentId) return undefined;
  const all = await findDepartmentsOfOrg(ctx.db, orgId);
  if (!all.some((d) => d.id === departmentId)) throw new AppError(ErrorCode.NOT_FOUND, '部门不存在');
  return withSubDepartments(all, [departmentId]);
}

/** 班级学习进度: each member's 学时, courses, exams, face checks and certificate. */
export async function classProgress(
  ctx: AppContext,
  user: AuthUser,
  query: z.output<typeof classProgressQuery>,
): Promise<ClassProgressPage> {
  const cls = await reportClass(ctx, user, query.classId);
  const range = rangeOf(query);
  const classCourses = await findClassCourseNames(ctx.db, cls.id);
  const course = pickCourse(classCourses, query.classCourseId);
  const [{ rows, total }, paths] = await Promise.all([
    findClassMembers(ctx.db, ctx.keys.idCards, cls.id, {
      departmentIds: await departmentScope(ctx, user.orgId, query.departmentId),
      classCourseId: course,
      status: query.status,
      q: query.q,
      offset: (query.current - 1) * query.size,
      limit: query.size,
      secondsPerClassHour: ctx.config.study.secondsPerClassHour,
    }),
    departmentPathsOfOrg(ctx.db, user.orgId),
  ]);
  const ids = rows.map((r) => r.train_person_id);
  const [courses, credit, attempts, checks, certificates, refusedCopies] = await Promise.all([
    findCourseRecords(ctx.db, ids, course),
    sumCreditByMember(ctx.db, ids, range, course),
    countExamAttempts(ctx.db, ids, course),
    countChecksByStatus(ctx.db, ids, ctx.now(), course),
    findCertificates(ctx.db, ids),
    countRefusedCopiesByMember(ctx.db, ids, course),
  ]);
  const coursesOf = groupBy(courses, (c) => c.train_person_id);
  const checksOf = groupBy(checks, (c) => c.train_person_id);
  const certificateOf = groupBy(certificates, (c) => c.train_person_id);
  return {
    className: cls.name,
    requiredHours: round2(cls.requiredHours),
    courseCount: cls.courseCount,
    checksFaces: parseFaceCheckRules(cls.rules).enabled,
    courses: classCourses.map((c) => ({ classCourseId: c.id, name: c.name })),
    total,
    records: rows.map((r) => {
      const mine = coursesOf.get(r.train_person_id) ?? [];
      const counted = (status: string) =>
        Number((checksOf.get(r.train_person_id) ?? []).find((c) => c.status === status)?.n ?? 0);
      const seconds = creditSeconds(credit.get(r.train_person_id)?.seconds);
      const last = credit.get(r.train_person_id)?.last ?? null;
      // a valid certificate before a revoked one
      const certs = certificateOf.get(r.train_person_id) ?? [];
      const cert = certs.find((c) => c.status === 'valid') ?? certs[0];
      return {
        trainPersonId: r.train_person_id,
        personId: r.person_id,
        name: r.name,
        idCard: maskedIdCard(ctx.keys.idCards, r.person_id, r.id_card_enc),
        disabled: r.disabled_at !== null,
        departmentName: departmentNameOf(paths, r.department_id, r.department_name),
        status: memberStatus(mine, ctx.config.study.secondsPerClassHour),
        requiredHours: round2(mine.reduce((s, c) => s + c.class_hours, 0)),
        creditedSeconds: seconds,
        // his courses' figures as each is shown (cut down), added up: the one course filtered to alone
        creditedHours: coursesHours(
          credit.get(r.train_person_id)?.courseSeconds ?? [],
          ctx.config.study.secondsPerClassHour,
        ),
        countedHours: countedOf(ctx, mine),
        coursesDone: mine.filter((c) => c.learn_status === LearnStatus.COMPLETED).length,
        courseCount: mine.length,
        examsPassed: mine.filter((c) => c.exam_passed_at !== null).length,
        examAttempts: attempts.get(r.train_person_id) ?? 0,
        faceChecks: {
          passed: counted('passed'),
          failed: counted('failed'),
          pending: counted('pending'),
          missed: counted('missed'),
          voided: counted('voided'),
          refusedCopies: refusedCopies.get(r.train_person_id) ?? 0,
        },
        certificate: cert ? { number: cert.number, status: cert.status } : null,
        lastStudyAt: recordTimeOrNull(last),
      };
    }),
  };
}

/**
 * Closes the overdue exams of these memberships (the exams feature's, given where the routes
 * are made): what a learner's record reads next is their outcome, not 答题中.
 */
export type SettleExams = (trainPersonIds: readonly string[]) => Promise<unknown>;

/** 学员学习档案: every class, course and unit of one learner with how its time was credited. */
export async function learnerReport(
  ctx: AppContext,
  user: Pick<AuthUser, 'orgId'>,
  personId: string,
  settleExams?: SettleExams,
): Promise<LearnerReport> {
  const person = await findPersonOfOrg(ctx.db, user.orgId, personId);
  if (!person) throw new AppError(ErrorCode.NOT_FOUND, '学员不存在');
  const memberships = await findMemberships(ctx.db, user.orgId, personId);
  const ids = memberships.map((m) => m.id);
  // an exam whose time ran out is closed and scored first: the record never says 答题中 after it
  await settleExams?.(ids);
  const [courses, units, checks, attempts, certificates] = await Promise.all([
    findCourseRecords(ctx.db, ids),
    findUnitRecords(ctx.db, ids),
    findChecks(ctx.db, ids, ctx.now()),
    findAttempts(ctx.db, ids),
    findCertificates(ctx.db, ids),
  ]);
  const [credit, refusals] = await Promise.all([sumCreditByUnit(ctx.db, ids), countRefusalsByUnit(ctx.db, ids)]);
  const creditOf = new Map(credit.map((c) => [c.warp_course_id, c]));
  const refusalsOf = groupBy(refusals, (r) => r.warp_course_id);
  const unitsOf = groupBy(units, (u) => u.class_course_id + '|' + u.train_person_id);
  const coursesOf = groupBy(courses, (c) => c.train_person_id);
  const checksOf = groupBy(checks, (c) => c.train_person_id);
  const attemptsOf = groupBy(attempts, (a) => a.train_person_id);
  const certificatesOf = groupBy(certificates, (c) => c.train_person_id);

  return {
    personId: person.id,
    name: person.name,
    idCard: maskedIdCard(ctx.keys.idCards, person.id, person.id_card_enc),
    phone: maskPhone(person.phone),
    departmentName: departmentNameOf(
      await departmentPathsOfOrg(ctx.db, user.orgId),
      person.department_id,
      person.department_name,
    ),
    post: person.post,
    classes: memberships.map((m) => {
      const mine = coursesOf.get(m.id) ?? [];
      const courseReports = mine.map((c) => {
        const unitReports = (unitsOf.get(c.class_course_id + '|' + m.id) ?? []).map((u) => {
          const sum = creditOf.get(u.id);
          return {
            trainWarpCourseId: u.id,
            title: u.title,
            durationSeconds: u.duration_seconds,
            creditedSeconds: creditSeconds(sum?.seconds),
            studyCount: u.study_count,
            done: u.learn_status === LearnStatus.COMPLETED,
            firstStudyAt: recordTimeOrNull(sum?.first === undefined || sum.first === null ? null : Number(sum.first)),
            lastStudyAt: recordTimeOrNull(sum?.last === undefined || sum.last === null ? null : Number(sum.last)),
            refusals: Object.fromEntries(
              (refusalsOf.get(u.id) ?? []).map((r) => [r.refusal ?? 'OTHER', Number(r.n)] as const),
            ),
          };
        });
        const exam = parseExamRules(c.rules);
        return {
          trainClassCourseId: c.class_course_id,
          courseName: c.course_name,
          requiredHours: c.class_hours,
          creditedSeconds: creditSeconds(unitReports.reduce((s, u) => s + u.creditedSeconds, 0)),
          status: courseStatus(c, ctx.config.study.secondsPerClassHour),
          examPassedAt: recordTimeOrNull(c.exam_passed_at),
          examAttemptsUsed: (attemptsOf.get(m.id) ?? []).filter(
            (a) => a.class_course_id === c.class_course_id && a.voided_at === null,
          ).length,
          examAttemptsAllowed: exam.required ? 1 + exam.retakes + c.extra_attempts : null,
          examAttemptsGranted: c.extra_attempts,
          units: unitReports,
        };
      });
      const seconds = creditSeconds(courseReports.reduce((s, c) => s + c.creditedSeconds, 0));
      const certs = certificatesOf.get(m.id) ?? [];
      const cert = certs.find((c) => c.status === 'valid') ?? certs[0];
      return {
        trainPersonId: m.id,
        classId: m.class_id,
        className: m.class_name,
        joinedAt: recordTime(m.joined_at),
        status: memberStatus(mine, ctx.config.study.secondsPerClassHour),
        requiredHours: round2(mine.reduce((s, c) => s + c.class_hours, 0)),
        creditedSeconds: seconds,
        creditedHours: coursesHours(
          courseReports.map((c) => c.creditedSeconds),
          ctx.config.study.secondsPerClassHour,
        ),
        countedHours: countedOf(ctx, mine),
        courses: courseReports,
        faceChecks: (checksOf.get(m.id) ?? []).map((f) => ({
          checkId: f.id,
          kind: f.kind,
          status: f.status,
          dueAt: recordTime(f.due_at),
          passedAt: recordTimeOrNull(f.passed_at),
          bestScore: f.best_score,
          attempts: Number(f.attempt_count ?? 0),
          unitTitle: f.unit_title,
          review:
            f.review_decision && f.reviewed_at !== null
              ? {
                  decision: f.review_decision,
                  reason: f.review_reason ?? '',
                  reviewerName: f.reviewer_name,
                  reviewedAt: recordTime(f.reviewed_at),
                  voidedSeconds: creditSeconds(f.review_voided_seconds),
                }
              : null,
        })),
        examAttempts: (attemptsOf.get(m.id) ?? []).map((a) => ({
          attemptId: a.id,
          courseName: a.course_name,
          status: a.status,
          startedAt: recordTime(a.started_at),
          submittedAt: recordTimeOrNull(a.submitted_at),
          score: a.score,
          totalScore: a.total_score,
          passScore: a.pass_score,
          passed: a.passed === 1 && a.voided_at === null,
          voided: a.voided_at !== null,
        })),
        certificate: cert ? { number: cert.number, status: cert.status, issuedAt: recordTime(cert.issued_at) } : null,
      };
    }),
  };
}

/** 部门汇总: learners, memberships, completion and credited 学时 per department, its sub-departments' included. */
export async function departmentSummary(
  ctx: AppContext,
  user: Pick<AuthUser, 'orgId'>,
  query: z.output<typeof departmentSummaryQuery>,
): Promise<DepartmentSummaryRow[]> {
  if (query.classId && !(await findClassOfOrg(ctx.db, user.orgId, query.classId))) {
    throw new AppError(ErrorCode.NOT_FOUND, '班级不存在');
  }
  const range = rangeOf(query);
  const [departments, learners, memberships, credit] = await Promise.all([
    findDepartmentsOfOrg(ctx.db, user.orgId),
    countLearnersByDepartment(ctx.db, user.orgId),
    countMembershipsByDepartment(ctx.db, user.orgId, query.classId),
    sumCreditByDepartment(ctx.db, user.orgId, query.classId, range),
  ]);
  const paths = departmentPaths(departments);
  const key = (id: string | null) => id ?? '';
  const learnersOf = new Map(learners.map((r) => [key(r.department_id), Number(r.n)]));
  const membershipsOf = new Map(memberships.map((r) => [key(r.department_id), r]));
  const creditOf = new Map(credit.map((r) => [key(r.department_id), Number(r.seconds ?? 0)]));
  const rows = [...inTreeOrder(departments), { id: null, name: '' }].map((d) => {
    // a department's figures hold its sub-departments', as the department tree counts them
    // (生产部 with its learners all in 一车间 said 0); the row of no department is its own
    const ids = d.id ? withSubDepartments(departments, [d.id]) : [''];
    const total = (of: (id: string) => number) => ids.reduce((sum, id) => sum + of(key(id)), 0);
    const enrolled = total((id) => Number(membershipsOf.get(id)?.enrolled ?? 0));
    const completed = total((id) => Number(membershipsOf.get(id)?.completed ?? 0));
    const seconds = creditSeconds(total((id) => creditOf.get(id) ?? 0));
    return {
      departmentId: d.id,
      name: d.id ? paths.get(d.id)! : '未分配部门',
      learners: total((id) => learnersOf.get(id) ?? 0),
      enrolled,
      completed,
      completionRate: enrolled === 0 ? 0 : round2(completed / enrolled),
      creditedSeconds: seconds,
      creditedHours: hoursOf(ctx, seconds),
    };
  });
  // the row of learners in no department only when there are some
  return rows.filter((r) => r.departmentId !== null || r.learners > 0 || r.enrolled > 0);
}
