import type { Dashboard, DashboardFigures } from '@anxun/shared/schemas/reports';
import type { AppContext } from '../../app-context.js';
import { dayStart, recordTime } from '../../core/record-time.js';
import { totalHours } from '../../core/credit-figures.js';
import type { AuthUser } from '../../core/session.service.js';
import {
  certificatesByDay,
  checksByDay,
  countActiveLearners,
  countSetup,
  creditByDay,
  examsByDay,
  findRunningClasses,
} from './dashboard.repository.js';

const DAYS = 30;
const DAY_MS = 86_400_000;
const round2 = (n: number) => Math.round(n * 100) / 100;
const share = (n: number) => Math.max(0, Math.min(1, round2(n)));
/** a class is behind when its learners' 学时 lag the time gone by more than this */
const BEHIND_BY = 0.1;

const empty = (day: string): DashboardFigures => ({
  day,
  learnersActive: 0,
  creditedHours: 0,
  checksPassed: 0,
  checksFailed: 0,
  checksPending: 0,
  checksMissed: 0,
  examAttempts: 0,
  examsPassed: 0,
  certificates: 0,
});

/**
 * 概览 (issue: Console III): today and the last 30 days for the manager's organisation, day by
 * day, counted from the records — credited study from study_events, checks by when they fell
 * due, exams by when they began, certificates by when they were issued — and the classes
 * whose learners lag their period; and, for a new organisation's first steps, how many
 * learners, courses and classes it has.
 */
export async function dashboard(ctx: AppContext, user: AuthUser): Promise<Dashboard> {
  const now = ctx.now();
  const today = recordTime(now).slice(0, 10);
  const first = new Date(Date.parse(`${today}T00:00:00Z`) - (DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const start = dayStart(first);
  const [credit, active30, checks, exams, certificates, running, setup] = await Promise.all([
    creditByDay(ctx.db, user.orgId, start),
    countActiveLearners(ctx.db, user.orgId, start),
    checksByDay(ctx.db, user.orgId, start, ctx.now()),
    examsByDay(ctx.db, user.orgId, start),
    certificatesByDay(ctx.db, user.orgId, start),
    findRunningClasses(ctx.db, user.orgId, now),
    countSetup(ctx.db, user.orgId),
  ]);
  const series = Array.from({ length: DAYS }, (_, i) =>
    empty(new Date(Date.parse(`${first}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10)),
  );
  const at = (d: unknown) => series[Number(d)];
  const hour = ctx.config.study.secondsPerClassHour;
  // the month's 学时 is its seconds rounded once, not the sum of each day's rounding
  let monthSeconds = 0;
  for (const r of credit) {
    const day = at(r.d);
    if (!day) continue;
    monthSeconds += Number(r.seconds ?? 0);
    day.creditedHours = totalHours(Number(r.seconds ?? 0), hour);
    day.learnersActive = Number(r.learners);
  }
  for (const r of checks) {
    const day = at(r.d);
    if (!day) continue;
    // a voided pass is none of these: not a pass, and not a failure of the learner's camera
    if (r.status === 'passed') day.checksPassed += Number(r.n);
    else if (r.status === 'failed') day.checksFailed += Number(r.n);
    else if (r.status === 'pending') day.checksPending += Number(r.n);
    else if (r.status === 'missed') day.checksMissed += Number(r.n);
  }
  for (const r of exams) {
    const day = at(r.d);
    if (!day) continue;
    day.examAttempts = Number(r.n);
    day.examsPassed = Number(r.passed ?? 0);
  }
  for (const r of certificates) {
    const day = at(r.d);
    if (day) day.certificates = Number(r.n);
  }
  const sum = (key: keyof Omit<DashboardFigures, 'day'>) => series.reduce((s, d) => s + d[key], 0);
  const last30Days: DashboardFigures = {
    day: first,
    learnersActive: active30,
    creditedHours: totalHours(monthSeconds, hour),
    checksPassed: sum('checksPassed'),
    checksFailed: sum('checksFailed'),
    checksPending: sum('checksPending'),
    checksMissed: sum('checksMissed'),
    examAttempts: sum('examAttempts'),
    examsPassed: sum('examsPassed'),
    certificates: sum('certificates'),
  };

  const classesBehind = running.classes
    .map((c) => {
      const members = Number(c.members ?? 0);
      const owed = members * Number(c.required_hours ?? 0) * hour;
      const span = Number(c.end_date) - Number(c.start_date);
      return {
        classId: c.id,
        name: c.name,
        endDate: c.end_date === null ? null : recordTime(Number(c.end_date)).slice(0, 10),
        members,
        done: Number(c.done ?? 0),
        progressShare: owed > 0 ? share((running.credit.get(c.id) ?? 0) / owed) : 1,
        elapsedShare: span > 0 ? share((now - Number(c.start_date)) / span) : 1,
      };
    })
    .filter((c) => c.members > c.done && c.progressShare < c.elapsedShare - BEHIND_BY)
    .sort((a, b) => b.elapsedShare - b.progressShare - (a.elapsedShare - a.progressShare));

  return { today: series[DAYS - 1]!, last30Days, series, classesBehind, setup };
}
