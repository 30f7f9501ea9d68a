import { MemberStatusMsg } from '@anxun/shared/messages';
import { courseStatus } from './member-status.js';
import { LearnStatus } from '@anxun/shared/constants';
import type { classExportQuery, departmentExportQuery } from '@anxun/shared/schemas/reports';
import type { z } from 'zod';
import { creditHours, creditSeconds } from '../../core/credit-figures.js';
import { countedHoursOf } from './counted-hours.js';
import type { AppContext } from '../../app-context.js';
import { exportedIdCard } from '../../core/id-cards.js';
import { recordAudit } from '../../core/audit.js';
import { sheetTime } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';
import { streamSheet } from '../../infra/xlsx-stream.js';
import {
  countExamAttemptsByCourse,
  countRefusalsByUnit,
  findClassMembers,
  findCourseRecords,
  findUnitRecords,
  sumCreditByCourse,
  sumCreditByUnit,
} from './reports.repository.js';
import { departmentSummary, groupBy, reportClass, reportCourse, reportRange, reportScope } from './reports.service.js';
import { departmentPaths, findDepartmentsOfOrg } from '../../core/department.repository.js';

/**
 * 报表导出 (issue: Console III): the reports as .xlsx, streamed a page of members at a time, with
 * the same figures as the pages (summed from study_events). ID numbers are masked unless the
 * manager asks for them whole; every export is audited before its first byte leaves.
 */

const PAGE = 500;
export const REFUSAL: Record<string, string> = {
  RATE: '倍速',
  SEEK: '拖动',
  HIDDEN: '页面隐藏',
  IDLE: '无操作',
  OTHER_PLAYBACK: '同时播放',
  FACE_CHECK_DUE: '待人脸核验',
  DAILY_CAP: '超每日上限',
  CLASS_PERIOD: '培训期外',
  REPLAY: '重复上报',
  VOIDED: '核验作废',
};
const when = sheetTime;

export async function audit(ctx: AppContext, user: AuthUser, ip: string, kind: string, after: Record<string, unknown>) {
  await recordAudit(ctx.db, {
    actor: user,
    ip,
    action: 'report.export',
    targetType: 'organisation',
    targetId: user.orgId,
    summary: { after: { kind, ...after } },
    now: ctx.now(),
  });
}

export type ClassQuery = z.output<typeof classExportQuery> & { trainPersonId?: string | undefined };

/**
 * What a class sheet was filtered by, for the audit log: two exports of one class differ there
 * as their sheets do (helper-73). The search's words are left out: they may be an ID number.
 */
export const filtersOf = (query: ClassQuery) => ({
  ...(query.from ? { from: query.from } : {}),
  ...(query.to ? { to: query.to } : {}),
  ...(query.classCourseId ? { classCourseId: query.classCourseId } : {}),
  ...(query.departmentId ? { departmentId: query.departmentId } : {}),
  ...(query.status ? { status: query.status } : {}),
  ...(query.q ? { searched: true } : {}),
});

/** A class sheet's file name, saying the dates its 学时 cover when a range was asked. */
export const classSheetName = (className: string, what: string, query: ClassQuery) =>
  `${className}-${what}${query.from || query.to ? `（${query.from ?? '…'}至${query.to ?? '…'}）` : ''}.xlsx`;

/** Each page of the class's members as the report filters them, handed to `each`. */
export async function forEachMemberPage(
  ctx: AppContext,
  classId: string,
  query: ClassQuery,
  departmentIds: string[] | undefined,
  each: (members: Member[], departmentOf: (member: Member) => string) => Promise<void>,
  /** the sheet's: the next page once the reader has taken this one */
  drained?: () => Promise<void>,
) {
  // a member's department by its path ('生产部/一车间'), as 学员名单 and 部门汇总 name it
  let paths: Map<string, string> | undefined;
  const departmentOf = (m: Member) =>
    (m.department_id ? paths?.get(m.department_id) : undefined) ?? m.department_name ?? '';
  for (let offset = 0; ; offset += PAGE) {
    const { rows } = await findClassMembers(ctx.db, ctx.keys.idCards, classId, {
      departmentIds,
      classCourseId: query.classCourseId,
      status: query.status,
      q: query.q,
      trainPersonId: query.trainPersonId,
      offset,
      limit: PAGE,
      secondsPerClassHour: ctx.config.study.secondsPerClassHour,
    });
    if (!paths && rows[0]) paths = departmentPaths(await findDepartmentsOfOrg(ctx.db, rows[0].org_id));
    await each(rows, departmentOf);
    if (rows.length < PAGE) break;
    await drained?.();
  }
}

export type Member = Awaited<ReturnType<typeof findClassMembers>>['rows'][number];

/** 班级学习情况: one row per learner × course. */
export async function exportClassStudy(ctx: AppContext, user: AuthUser, query: ClassQuery, ip: string) {
  const cls = await reportClass(ctx, user, query.classId);
  await reportCourse(ctx, cls.id, query.classCourseId);
  const range = reportRange(query);
  const departmentIds = await reportScope(ctx, user, query.departmentId);
  await audit(ctx, user, ip, 'class-study', { classId: cls.id, fullIdNumbers: query.full, ...filtersOf(query) });
  return {
    stream: classStudySheet(ctx, cls.id, query, range, departmentIds),
    fileName: classSheetName(cls.name, '学习情况', query),
  };
}

/** The 班级学习情况 sheet itself (no audit: the caller records why it was made). */
export function classStudySheet(
  ctx: AppContext,
  classId: string,
  query: ClassQuery,
  range: ReturnType<typeof reportRange>,
  departmentIds: string[] | undefined,
) {
  const cls = { id: classId };
  const hour = ctx.config.study.secondsPerClassHour;
  const stream = streamSheet(
    '班级学习情况',
    [
      { header: '姓名', key: 'name', width: 12 },
      { header: '身份证号', key: 'idCard', width: 22 },
      { header: '手机号', key: 'phone', width: 15 },
      { header: '部门', key: 'department', width: 18 },
      { header: '课程', key: 'course', width: 24 },
      { header: '应修学时', key: 'required', width: 10 },
      { header: '已学学时', key: 'hours', width: 10 },
      { header: '已学时长（秒）', key: 'seconds', width: 14 },
      // what the class counts of it, as the learner's 我的学习 shows (none while its exam waits)
      { header: '计入学时', key: 'counted', width: 10 },
      { header: '状态', key: 'status', width: 10 },
      { header: '考试次数', key: 'examAttempts', width: 10 },
      { header: '最高成绩', key: 'examScore', width: 10 },
      { header: '考试通过时间', key: 'examPassed', width: 20, format: 'time' },
      { header: '最后学习', key: 'last', width: 20, format: 'time' },
    ],
    (addRow, drained) =>
      forEachMemberPage(
        ctx,
        cls.id,
        query,
        departmentIds,
        async (members, departmentOf) => {
          const ids = members.map((m) => m.train_person_id);
          const [courses, credit, attempts] = await Promise.all([
            findCourseRecords(ctx.db, ids, query.classCourseId),
            sumCreditByCourse(ctx.db, ids, range),
            countExamAttemptsByCourse(ctx.db, ids),
          ]);
          const creditOf = new Map(credit.map((c) => [`${c.train_person_id}|${c.class_course_id}`, c]));
          const coursesOf = groupBy(courses, (c) => c.train_person_id);
          for (const m of members) {
            for (const c of coursesOf.get(m.train_person_id) ?? []) {
              const sum = creditOf.get(`${m.train_person_id}|${c.class_course_id}`);
              const seconds = creditSeconds(sum?.seconds);
              addRow({
                name: m.name,
                idCard: exportedIdCard(ctx.keys.idCards, m.person_id, m.id_card_enc, query.full),
                phone: m.phone ?? '',
                department: departmentOf(m),
                course: c.course_name,
                required: c.class_hours,
                hours: creditHours(seconds, hour),
                counted: countedHoursOf([c], hour),
                seconds,
                status: MemberStatusMsg[courseStatus(c, hour)],
                examAttempts: attempts.get(`${m.train_person_id}|${c.class_course_id}`) ?? 0,
                examScore: c.sys_score ?? '',
                examPassed: when(c.exam_passed_at),
                last: when(sum?.last),
              });
            }
          }
        },
        drained,
      ),
  );
  return stream;
}

/** 学习明细: one row per learner × unit, with the reports refused by reason. */
export async function exportClassUnits(ctx: AppContext, user: AuthUser, query: ClassQuery, ip: string) {
  const cls = await reportClass(ctx, user, query.classId);
  await reportCourse(ctx, cls.id, query.classCourseId);
  const range = reportRange(query);
  const departmentIds = await reportScope(ctx, user, query.departmentId);
  await audit(ctx, user, ip, 'class-units', { classId: cls.id, fullIdNumbers: query.full, ...filtersOf(query) });
  return {
    stream: classUnitsSheet(ctx, cls.id, query, range, departmentIds),
    fileName: classSheetName(cls.name, '学习明细', query),
  };
}

/** The 学习明细 sheet itself (no audit: the caller records why it was made). */
export function classUnitsSheet(
  ctx: AppContext,
  classId: string,
  query: ClassQuery,
  range: ReturnType<typeof reportRange>,
  departmentIds: string[] | undefined,
) {
  const cls = { id: classId };
  const stream = streamSheet(
    '学习明细',
    [
      { header: '姓名', key: 'name', width: 12 },
      { header: '身份证号', key: 'idCard', width: 22 },
      { header: '部门', key: 'department', width: 18 },
      { header: '课程', key: 'course', width: 22 },
      { header: '课件', key: 'unit', width: 26 },
      { header: '时长（秒）', key: 'length', width: 11 },
      { header: '已学时长（秒）', key: 'seconds', width: 14 },
      { header: '学习次数', key: 'count', width: 10 },
      { header: '完成', key: 'done', width: 8 },
      { header: '首次学习', key: 'first', width: 20, format: 'time' },
      { header: '最后学习', key: 'last', width: 20, format: 'time' },
      { header: '未计时记录', key: 'refusals', width: 30 },
    ],
    (addRow, drained) =>
      forEachMemberPage(
        ctx,
        cls.id,
        query,
        departmentIds,
        async (members, departmentOf) => {
          const ids = members.map((m) => m.train_person_id);
          const [courses, all] = await Promise.all([
            findCourseRecords(ctx.db, ids, query.classCourseId),
            findUnitRecords(ctx.db, ids),
          ]);
          const units = query.classCourseId ? all.filter((u) => u.class_course_id === query.classCourseId) : all;
          // the page's date range, as 班级学习情况 and the page apply it
          const [credit, refusals] = await Promise.all([
            sumCreditByUnit(ctx.db, ids, range),
            countRefusalsByUnit(ctx.db, ids, range),
          ]);
          const creditOf = new Map(credit.map((c) => [c.warp_course_id, c]));
          const refusalsOf = groupBy(refusals, (r) => r.warp_course_id);
          const unitsOf = groupBy(units, (u) => u.train_person_id);
          const courseName = new Map(courses.map((c) => [`${c.train_person_id}|${c.class_course_id}`, c.course_name]));
          for (const m of members) {
            for (const u of unitsOf.get(m.train_person_id) ?? []) {
              const sum = creditOf.get(u.id);
              addRow({
                name: m.name,
                idCard: exportedIdCard(ctx.keys.idCards, m.person_id, m.id_card_enc, query.full),
                department: departmentOf(m),
                course: courseName.get(`${m.train_person_id}|${u.class_course_id}`) ?? '',
                unit: u.title,
                length: u.duration_seconds,
                seconds: creditSeconds(sum?.seconds),
                count: u.study_count,
                done: u.learn_status === LearnStatus.COMPLETED ? '是' : '否',
                first: when(sum?.first),
                last: when(sum?.last),
                refusals: (refusalsOf.get(u.id) ?? [])
                  .map((r) => `${REFUSAL[r.refusal ?? ''] ?? r.refusal}×${Number(r.n)}`)
                  .join('；'),
              });
            }
          }
        },
        drained,
      ),
  );
  return stream;
}

/** 部门汇总 as a sheet. */
export async function exportDepartments(
  ctx: AppContext,
  user: AuthUser,
  query: z.output<typeof departmentExportQuery>,
  ip: string,
) {
  const rows = await departmentSummary(ctx, user, query);
  await audit(ctx, user, ip, 'departments', { classId: query.classId ?? null });
  return { stream: departmentsSheet(rows), fileName: '部门汇总.xlsx' };
}

/** The 部门汇总 sheet of these rows. */
export function departmentsSheet(rows: Awaited<ReturnType<typeof departmentSummary>>) {
  return streamSheet(
    '部门汇总',
    [
      { header: '部门', key: 'name', width: 28 },
      { header: '学员数', key: 'learners', width: 10 },
      { header: '参训人次', key: 'enrolled', width: 10 },
      { header: '已完成', key: 'completed', width: 10 },
      { header: '完成率', key: 'rate', width: 10, format: 'percent' },
      { header: '已学学时', key: 'hours', width: 10 },
    ],
    async (addRow) => {
      for (const r of rows) {
        addRow({
          name: r.name,
          learners: r.learners,
          enrolled: r.enrolled,
          completed: r.completed,
          rate: Math.round(r.completionRate * 100) / 100,
          hours: r.creditedHours,
        });
      }
    },
  );
}
