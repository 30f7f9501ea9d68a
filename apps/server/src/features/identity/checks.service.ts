import { ErrorCode } from '@anxun/shared/errors';
import type { AppContext } from '../../app-context.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import { toFaceCheck } from './check-view.js';
import { parseFaceCheckRules } from '../../core/face-check-rules.js';
import {
  findMembershipOfClass,
  findOpenChecksOfPerson,
  findReference,
  findWarpOwner,
  listChecks,
  verificationOfWarp,
} from './identity.repository.js';
import { recordTime } from '../../core/record-time.js';

async function membership(ctx: AppContext, user: AuthUser, classId: string) {
  const row = await findMembershipOfClass(ctx.db, classId, user.personId);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '班级不存在');
  return row;
}

/** class/getClassCheck: when this class checks faces, and whether the learner can be checked. */
export async function classCheck(ctx: AppContext, user: AuthUser, classId: string) {
  const row = await membership(ctx, user, classId);
  return {
    trainClassId: row.class_id,
    ...parseFaceCheckRules(row.rules),
    hasReference: Boolean(await findReference(ctx.db, user.personId)),
  };
}

/** class/getCheckList: the learner's checks, newest first, with counts by outcome. */
export async function checkList(
  ctx: AppContext,
  user: AuthUser,
  query: { trainClassId?: string | undefined; current: number; size: number },
) {
  const trainPersonId = query.trainClassId
    ? (await membership(ctx, user, query.trainClassId)).train_person_id
    : undefined;
  const now = ctx.now();
  const { rows, all } = await listChecks(ctx.db, user.personId, {
    ...(trainPersonId ? { trainPersonId } : {}),
    offset: (query.current - 1) * query.size,
    limit: query.size,
  });
  const counts = { passed: 0, late: 0, pending: 0, failed: 0, missed: 0, voided: 0 };
  for (const c of all) {
    if (c.state === 'voided') counts.voided++;
    else if (c.status === 'passed') {
      if (c.passed_at !== null && c.passed_at > c.window_ends_at) counts.late++;
      else counts.passed++;
    } else if (now > c.window_ends_at) counts.missed++;
    else counts[c.status]++;
  }
  return {
    records: rows.map((r) => toFaceCheck({ ...r, attempt_count: r.attempt_count ?? 0 }, now)),
    total: all.length,
    counts,
  };
}

/** cls_Warp/updateVerify: verification counts of one courseware record, counted by the server. */
export async function verifyCounts(ctx: AppContext, user: AuthUser, warpCourseId: string) {
  const owner = await findWarpOwner(ctx.db, warpCourseId);
  if (!owner || owner.person_id !== user.personId) throw new AppError(ErrorCode.NOT_FOUND, '学习记录不存在');
  const { checks, failedAttempts } = await verificationOfWarp(ctx.db, warpCourseId);
  const passed = checks.filter((c) => c.status === 'passed');
  const last = Math.max(0, ...passed.map((c) => c.passed_at ?? 0));
  return {
    trainWarpCourseId: warpCourseId,
    checks: checks.length,
    passed: passed.length,
    failedAttempts,
    lastPassedAt: last > 0 ? recordTime(last) : null,
  };
}

/**
 * class/getOpenChecks: the checks the learner still has to take, oldest first, wherever they were
 * opened — not those of a class that has since stopped checking faces (nor do they hold its certificate).
 */
export async function openChecks(ctx: AppContext, user: AuthUser) {
  const now = ctx.now();
  const rows = (await findOpenChecksOfPerson(ctx.db, user.personId)).filter(
    (r) => parseFaceCheckRules(r.class_rules).enabled,
  );
  return rows.map(({ class_rules: _, ...r }) => ({
    ...toFaceCheck(r, now),
    trainClassId: r.class_id,
    className: r.class_name,
    trainWarpCourseId: r.warp_course_id,
    trainClassCourseId: r.class_course_id,
    unitName: r.unit_title,
    overdue: now > r.window_ends_at,
  }));
}
