import { LearnStatus } from '@anxun/shared/constants';
import { inPeriod } from '../../core/class-period.js';
import { countedHours } from '../../core/credit-figures.js';
import { ErrorCode } from '@anxun/shared/errors';
import type { ClassInfo, MyClass, PersonCourse, NewestLearner } from '@anxun/shared/schemas/training';
import { maskName } from '@anxun/shared/validators';
import type { AppContext } from '../../app-context.js';
import { parseFaceCheckRules } from '../../core/face-check-rules.js';
import { recordTime } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';
import { updatePersonCourseComments } from '../../core/training-records.repository.js';
import { viewerOrgId } from '../../core/viewer.js';
import { AppError } from '../../http/app-error.js';
import {
  classActivity,
  countMembers,
  findClassesOfPerson,
  findMembership,
  findMembershipById,
  findNewestMembers,
  findNewestMembersOfOrg,
  findPersonCourseOfPerson,
  findPersonCourses,
  isMemberOf,
} from './class.repository.js';
import { toPersonCourse } from './course-record.mapper.js';
import { iso, round2 } from './format.js';

/**
 * 我的班级 and their courses (spec §7 Training: person/*, cls_person/*, cls_course/*): what a
 * learner sees of the classes he is in, with progress as the server counts it.
 */

type ClassRow = Awaited<ReturnType<typeof findClassesOfPerson>>['rows'][number];
const classNotFound = () => new AppError(ErrorCode.NOT_FOUND, '班级不存在');
const recordNotFound = () => new AppError(ErrorCode.NOT_FOUND, '课程记录不存在');

function toMyClass(r: ClassRow, courses: PersonCourse[], now: number): MyClass {
  const mine = courses.filter((c) => c.trainPersonId === r.train_person_id);
  const required = mine.reduce((s, c) => s + c.studyTimeLen, 0);
  // a course whose class requires its exam counts its 学时 once the exam is passed
  const studied = countedHours(
    mine.map((c) => ({ ...c, classHours: c.studyTimeLen, completed: c.learnStatus === LearnStatus.COMPLETED })),
  );
  return {
    trainPersonId: r.train_person_id,
    trainClassId: r.class_id,
    className: r.name,
    teacher: r.teacher,
    startDate: iso(r.start_date),
    endDate: iso(r.end_date),
    requiredHours: round2(required),
    studiedHours: round2(studied),
    progress: required > 0 ? Math.min(100, Math.round((studied / required) * 100)) : 0,
    courseCount: mine.length,
    completedCourses: mine.filter((c) => c.learnStatus === LearnStatus.COMPLETED).length,
    // told before he plays: study outside the period is not credited (CLASS_PERIOD)
    period: inPeriod({ class_closed_at: r.closed_at, class_start_date: r.start_date, class_end_date: r.end_date }, now)
      ? 'open'
      : r.start_date !== null && r.closed_at === null && now < Number(r.start_date)
        ? 'before'
        : 'after',
    checksFaces: parseFaceCheckRules(r.rules).enabled,
  };
}

async function coursesOf(ctx: AppContext, trainPersonIds: string[]): Promise<PersonCourse[]> {
  const perHour = ctx.config.study.secondsPerClassHour;
  return (await findPersonCourses(ctx.db, trainPersonIds)).map((c) => toPersonCourse(c, perHour, ctx.now()));
}

async function membership(ctx: AppContext, user: AuthUser, classId: string) {
  const row = await findMembership(ctx.db, classId, user.personId);
  if (!row) throw classNotFound();
  return row;
}

/** A page of the learner's classes with their progress. */
export async function myClasses(ctx: AppContext, user: AuthUser, page: { current: number; size: number }) {
  const { rows, total } = await findClassesOfPerson(ctx.db, user.personId, (page.current - 1) * page.size, page.size);
  const courses = await coursesOf(
    ctx,
    rows.map((r) => r.train_person_id),
  );
  return { total, records: rows.map((r) => toMyClass(r, courses, ctx.now())) };
}

/** The learner's memberships, or the one of a class. */
export async function findMyMemberships(ctx: AppContext, user: AuthUser, classId: string | undefined) {
  const { rows } = await findClassesOfPerson(ctx.db, user.personId, 0, 100);
  const courses = await coursesOf(
    ctx,
    rows.map((r) => r.train_person_id),
  );
  return rows.filter((r) => !classId || r.class_id === classId).map((r) => toMyClass(r, courses, ctx.now()));
}

/** The to-do list: the learner's courses not completed yet (of one class, or of all). */
export async function myOpenCourses(ctx: AppContext, user: AuthUser, classId: string | undefined) {
  const { rows } = await findClassesOfPerson(ctx.db, user.personId, 0, 100);
  const ids = rows.filter((r) => !classId || r.class_id === classId).map((r) => r.train_person_id);
  return (await coursesOf(ctx, ids)).filter((c) => c.learnStatus !== LearnStatus.COMPLETED);
}

/** One membership of the learner (by trainPersonId), with progress. */
export async function myMembership(ctx: AppContext, user: AuthUser, trainPersonId: string): Promise<MyClass> {
  const row = await findMembershipById(ctx.db, trainPersonId, user.personId);
  if (!row) throw classNotFound();
  return toMyClass(row, await coursesOf(ctx, [row.train_person_id]), ctx.now());
}

/** A class the learner is in, with its study rules. */
export async function myClass(ctx: AppContext, user: AuthUser, classId: string) {
  const row = await membership(ctx, user, classId);
  let rules: Record<string, unknown> = {};
  try {
    rules = JSON.parse(row.rules) as Record<string, unknown>;
  } catch {
    rules = {};
  }
  return {
    trainClassId: row.class_id,
    className: row.name,
    teacher: row.teacher,
    startDate: iso(row.start_date),
    endDate: iso(row.end_date),
    rules,
  };
}

/** The class's teacher, newest classmates (names masked) and its last 7 days of activity. */
export async function myClassInfo(ctx: AppContext, user: AuthUser, classId: string): Promise<ClassInfo> {
  const row = await membership(ctx, user, classId);
  const [count, newest, activity] = await Promise.all([
    countMembers(ctx.db, row.class_id),
    findNewestMembers(ctx.db, row.class_id, 8),
    classActivity(ctx.db, row.class_id, ctx.now() - 7 * 86400_000),
  ]);
  return {
    trainClassId: row.class_id,
    className: row.name,
    teacher: row.teacher,
    learnerCount: count,
    // classmates see a surname and stars, no more
    newestLearners: newest.map((m) => ({ name: maskName(m.name), joinedAt: recordTime(m.joined_at) })),
    activity,
  };
}

/** A page of the learner's courses in one of his memberships. */
export async function myCourses(
  ctx: AppContext,
  user: AuthUser,
  query: { trainPersonId: string; current: number; size: number },
) {
  if (!(await isMemberOf(ctx.db, query.trainPersonId, user.personId))) throw classNotFound();
  const all = await coursesOf(ctx, [query.trainPersonId]);
  return { total: all.length, records: all.slice((query.current - 1) * query.size, query.current * query.size) };
}

/** One of the learner's course records. */
export async function myCourse(ctx: AppContext, user: AuthUser, trainPersonCourseId: string): Promise<PersonCourse> {
  const row = await findPersonCourseOfPerson(ctx.db, trainPersonCourseId, user.personId);
  if (!row) throw recordNotFound();
  return toPersonCourse(row, ctx.config.study.secondsPerClassHour, ctx.now());
}

/** The learner's study notes on a course record (time, progress and score are the server's). */
export async function saveMyNotes(
  ctx: AppContext,
  user: AuthUser,
  trainPersonCourseId: string,
  notes: string,
): Promise<PersonCourse> {
  const row = await findPersonCourseOfPerson(ctx.db, trainPersonCourseId, user.personId);
  if (!row) throw recordNotFound();
  await updatePersonCourseComments(ctx.db, row.id, notes);
  return toPersonCourse({ ...row, sys_comments: notes }, ctx.config.study.secondsPerClassHour, ctx.now());
}

/** The organisation's newest learners, names masked (the home page; a guest names the organisation). */
export async function newestLearners(
  ctx: AppContext,
  viewer: AuthUser | undefined,
  query: { OrgCode?: string | undefined; size: number },
  ip: string,
): Promise<NewestLearner[]> {
  const orgId = await viewerOrgId(ctx, viewer, query.OrgCode, ip);
  const rows = await findNewestMembersOfOrg(ctx.db, orgId, query.size);
  return rows.map((r) => ({ name: maskName(r.name), className: r.class_name, joinedAt: iso(r.joined_at) ?? '' }));
}
