import type { classTrailQuery } from '@anxun/shared/schemas/reports';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { deviceName } from '../../core/device-name.js';
import { exportedIdCard } from '../../core/id-cards.js';
import { sheetTime } from '../../core/record-time.js';
import { findSessionsOfPersons } from '../../core/session.repository.js';
import type { AuthUser } from '../../core/session.service.js';
import { ErrorCode } from '@anxun/shared/errors';
import { AppError } from '../../http/app-error.js';
import { streamBook } from '../../infra/xlsx-stream.js';
import {
  REFUSAL,
  audit,
  classSheetName,
  filtersOf,
  forEachMemberPage,
  type ClassQuery,
  type Member,
} from './report-export.service.js';
import { findClassCourseNames, findClassMembers, type TimeRange } from './reports.repository.js';
import { reportClass, reportCourse, reportRange, reportScope } from './reports.service.js';
import { findTrailAttempts, findTrailEvents, type EventCursor } from './study-trail.repository.js';

/**
 * 学习轨迹 (helper-82's audit: study could not be traced from anything a manager gets): every
 * progress report of the class's learners as the server recorded it — when, where in the
 * video, at what rate, whether the page was hidden, what it credited or why not, from which
 * address, browser and login — with their exam attempts and their logins, in one workbook.
 * A report's 会话号 is a row of 登录记录. Filtered as the class's report, or one member alone.
 */

type TrailQuery = z.output<typeof classTrailQuery>;
const EVENTS_PAGE = 2_000;
const when = sheetTime;
/** A login, a playback: named by the start of its id (enough to tell a learner's apart). */
const short = (id: string | null) => (id ? id.slice(0, 8) : '');
const device = (userAgent: string | null) => deviceName(userAgent) ?? userAgent ?? '';
const seconds = (n: number) => Math.round(n * 1000) / 1000;

const ENDED: Record<string, string> = {
  logout: '退出登录',
  replaced: '在其他设备登录',
  disabled: '账号停用',
  'refresh-reuse': '登录凭证被重复使用，已下线',
};
const ATTEMPT: Record<string, string> = { open: '答题中', submitted: '已交卷', expired: '超时未交' };

export async function exportClassTrail(ctx: AppContext, user: AuthUser, query: TrailQuery, ip: string) {
  const cls = await reportClass(ctx, user, query.classId);
  await reportCourse(ctx, cls.id, query.classCourseId);
  const range = reportRange(query);
  const departmentIds = await reportScope(ctx, user, query.departmentId);
  let learner = '';
  let personId: string | undefined;
  if (query.trainPersonId) {
    const { rows } = await findClassMembers(ctx.db, ctx.keys.idCards, cls.id, {
      trainPersonId: query.trainPersonId,
      offset: 0,
      limit: 1,
      secondsPerClassHour: ctx.config.study.secondsPerClassHour,
    });
    if (!rows[0]) throw new AppError(ErrorCode.NOT_FOUND, '学员不在本班级');
    learner = `-${rows[0].name}`;
    personId = rows[0].person_id;
  }
  await audit(ctx, user, ip, 'class-trail', {
    classId: cls.id,
    fullIdNumbers: query.full,
    // the learner by his person (操作日志 names him)
    ...(personId ? { personId } : {}),
    ...filtersOf(query),
  });
  return {
    stream: classTrailBook(ctx, cls.id, query, range, departmentIds),
    fileName: classSheetName(`${cls.name}${learner}`, '学习轨迹', query),
  };
}

/** The workbook: 学习轨迹, then 考试记录 and 登录记录 of the same learners (no audit: the caller records why). */
export function classTrailBook(
  ctx: AppContext,
  classId: string,
  query: Omit<TrailQuery, 'full'> & { full: boolean },
  range: TimeRange,
  departmentIds: string[] | undefined,
) {
  const members = (each: Parameters<typeof forEachMemberPage>[4], drained: () => Promise<void>) =>
    forEachMemberPage(ctx, classId, query as ClassQuery, departmentIds, each, drained);
  const idCard = (m: Member) => exportedIdCard(ctx.keys.idCards, m.person_id, m.id_card_enc, query.full);
  // read once, when the first sheet that names courses begins (never a promise nobody awaits)
  let names: Promise<Map<string, string>> | undefined;
  const courseNames = () =>
    (names ??= findClassCourseNames(ctx.db, classId).then((all) => new Map(all.map((c) => [c.id, c.name]))));
  return streamBook([
    {
      name: '学习轨迹',
      columns: [
        { header: '姓名', key: 'name', width: 12 },
        { header: '身份证号', key: 'idCard', width: 22 },
        { header: '部门', key: 'department', width: 16 },
        { header: '课程', key: 'course', width: 20 },
        { header: '课件', key: 'unit', width: 24 },
        { header: '上报时间', key: 'at', width: 20, format: 'time' },
        { header: '播放位置（秒）', key: 'position', width: 14 },
        { header: '倍速', key: 'rate', width: 6 },
        { header: '页面隐藏', key: 'hidden', width: 9 },
        { header: '计入（秒）', key: 'credited', width: 11 },
        { header: '未计时原因', key: 'refusal', width: 12 },
        { header: '播放号', key: 'playback', width: 10 },
        { header: '序号', key: 'seq', width: 7 },
        { header: '会话号', key: 'session', width: 10 },
        { header: 'IP', key: 'ip', width: 16 },
        { header: '设备', key: 'device', width: 28 },
        { header: '请求号', key: 'request', width: 26 },
      ],
      fill: async (addRow, drained) => {
        const names = await courseNames();
        await members(async (page, departmentOf) => {
          for (const m of page) {
            // opened once per learner, not once per report (thousands of them)
            const card = idCard(m);
            const department = departmentOf(m);
            let cursor: EventCursor | undefined;
            for (;;) {
              const events = await findTrailEvents(ctx.db, m.train_person_id, {
                classCourseId: query.classCourseId,
                range,
                cursor,
                limit: EVENTS_PAGE,
              });
              for (const e of events) {
                addRow({
                  name: m.name,
                  idCard: card,
                  department,
                  course: names.get(e.class_course_id) ?? '',
                  unit: e.title,
                  at: when(e.created_at),
                  position: seconds(e.reported_position),
                  rate: e.reported_rate,
                  hidden: e.hidden ? '是' : '否',
                  credited: seconds(e.credited_seconds),
                  refusal: e.refusal ? (REFUSAL[e.refusal] ?? e.refusal) : '',
                  playback: short(e.playback_id),
                  seq: e.seq,
                  session: short(e.session_id),
                  ip: e.ip ?? '',
                  device: device(e.user_agent),
                  request: e.request_id ?? '',
                });
              }
              // the next page once the reader has taken this one
              await drained();
              const last = events.at(-1);
              if (!last || events.length < EVENTS_PAGE) break;
              cursor = { at: Number(last.created_at), id: last.id };
            }
          }
        }, drained);
      },
    },
    {
      name: '考试记录',
      columns: [
        { header: '姓名', key: 'name', width: 12 },
        { header: '身份证号', key: 'idCard', width: 22 },
        { header: '课程', key: 'course', width: 20 },
        { header: '开始时间', key: 'started', width: 20, format: 'time' },
        { header: '交卷时间', key: 'submitted', width: 20, format: 'time' },
        { header: '状态', key: 'status', width: 10 },
        { header: '成绩', key: 'score', width: 7 },
        { header: '通过', key: 'passed', width: 6 },
        { header: '作废', key: 'voided', width: 6 },
        { header: '会话号', key: 'session', width: 10 },
        { header: 'IP', key: 'ip', width: 16 },
        { header: '设备', key: 'device', width: 28 },
      ],
      fill: async (addRow, drained) => {
        const names = await courseNames();
        await members(async (page) => {
          const byMember = new Map(page.map((m) => [m.train_person_id, m]));
          const attempts = await findTrailAttempts(ctx.db, [...byMember.keys()], {
            classCourseId: query.classCourseId,
            range,
          });
          for (const a of attempts) {
            const m = byMember.get(a.train_person_id)!;
            addRow({
              name: m.name,
              idCard: idCard(m),
              course: names.get(a.class_course_id) ?? '',
              started: when(a.started_at),
              submitted: when(a.submitted_at),
              status: ATTEMPT[a.status] ?? a.status,
              score: a.score ?? '',
              passed: a.passed === null ? '' : a.passed ? '是' : '否',
              voided: a.voided_at === null ? '否' : '是',
              session: short(a.session_id),
              ip: a.ip ?? '',
              device: device(a.user_agent),
            });
          }
        }, drained);
      },
    },
    {
      name: '登录记录',
      columns: [
        { header: '姓名', key: 'name', width: 12 },
        { header: '身份证号', key: 'idCard', width: 22 },
        { header: '会话号', key: 'session', width: 10 },
        { header: '登录时间', key: 'created', width: 20, format: 'time' },
        { header: '最后活动', key: 'seen', width: 20, format: 'time' },
        { header: '结束时间', key: 'ended', width: 20, format: 'time' },
        { header: '结束原因', key: 'reason', width: 22 },
        { header: '客户端', key: 'client', width: 10 },
        { header: 'IP', key: 'ip', width: 16 },
        { header: '设备', key: 'device', width: 28 },
      ],
      fill: async (addRow, drained) => {
        const now = ctx.now();
        await members(async (page) => {
          // a person in the class once (his logins are his, not the class's)
          const byPerson = new Map(page.map((m) => [m.person_id, m]));
          for (const s of await findSessionsOfPersons(ctx.db, [...byPerson.keys()], range)) {
            const m = byPerson.get(s.person_id)!;
            const expired = s.revoked_at === null && Number(s.refresh_expires_at) <= now;
            addRow({
              name: m.name,
              idCard: idCard(m),
              session: short(s.id),
              created: when(s.created_at),
              seen: when(s.last_seen_at),
              ended: when(s.revoked_at ?? (expired ? s.refresh_expires_at : null)),
              reason: s.revoked_reason ? (ENDED[s.revoked_reason] ?? s.revoked_reason) : expired ? '登录过期' : '',
              client: s.client,
              ip: s.ip ?? '',
              device: device(s.user_agent),
            });
          }
        }, drained);
      },
    },
  ]);
}
