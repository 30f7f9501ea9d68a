import crypto from 'node:crypto';
import { ErrorCode } from '@anxun/shared/errors';
import type { CreateLearnerBody, Learner, UpdateLearnerBody } from '@anxun/shared/schemas/learners';
import type { z } from 'zod';
import type { learnerQuery } from '@anxun/shared/schemas/learners';
import type { AppContext } from '../../app-context.js';
import { changedFields, recordAudit } from '../../core/audit.js';
import { idCardColumns, maskedIdCard } from '../../core/id-cards.js';
import { isUniqueViolation } from '../../core/db-errors.js';
import {
  findIdentityConflicts,
  insertPerson,
  unlockPerson,
  updatePassword,
  updatePersonRecord,
} from '../../core/person.repository.js';
import { recordTime, recordTimeOrNull } from '../../core/record-time.js';
import { revokePersonSessions } from '../../core/session.repository.js';
import { publishRevoked, type AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import { hashPassword, readablePassword as randomPassword } from '../../infra/crypto.js';
import type { Db } from '../../infra/database.js';
import {
  departmentNameOf,
  departmentPathsOfOrg,
  findDepartmentsOfOrg,
  withSubDepartments,
} from '../../core/department.repository.js';
import { findLearnerOfOrg, findLearnersOfOrg, type LearnerRow } from './learner.repository.js';
import { publishPersonsChanged } from '../../core/person-cache.js';

const notFound = () => new AppError(ErrorCode.NOT_FOUND, '学员不存在');

/** A write racing another for the same ID number, phone or account: a clear 409, not a 500. */
async function inTransactionOr409(ctx: AppContext, work: (trx: Db) => Promise<void>): Promise<void> {
  try {
    await ctx.db.transaction().execute(work);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorCode.DUPLICATE, '身份证号、手机号或账号已被使用');
    throw err;
  }
}

function toLearner(ctx: AppContext, row: LearnerRow, now: number, paths: Map<string, string>): Learner {
  const locked = row.locked_until !== null && row.locked_until > now;
  return {
    id: row.id,
    name: row.name,
    account: row.account,
    phone: row.phone,
    idCard: maskedIdCard(ctx.keys.idCards, row.id, row.id_card_enc),
    departmentId: row.department_id,
    departmentName: departmentNameOf(paths, row.department_id, row.department_name),
    post: row.post,
    status:
      row.pending_since !== null ? 'pending' : row.disabled_at !== null ? 'disabled' : locked ? 'locked' : 'active',
    lockedUntil: locked ? recordTimeOrNull(row.locked_until) : null,
    createdAt: recordTime(row.created_at),
  };
}

/** The department and, with `includeSub`, every department under it. */
export async function departmentScope(db: Db, orgId: string, departmentId: string, includeSub: boolean) {
  const all = await findDepartmentsOfOrg(db, orgId);
  if (!all.some((d) => d.id === departmentId)) throw new AppError(ErrorCode.NOT_FOUND, '部门不存在');
  if (!includeSub) return [departmentId];
  return withSubDepartments(all, [departmentId]);
}

async function departmentOf(db: Db, orgId: string, departmentId: string | null | undefined) {
  if (!departmentId) return null;
  const all = await findDepartmentsOfOrg(db, orgId);
  if (!all.some((d) => d.id === departmentId)) throw new AppError(ErrorCode.NOT_FOUND, '部门不存在');
  return departmentId;
}

function refuseConflicts(conflicts: { idCard: boolean; phone: boolean; account: boolean }) {
  if (conflicts.idCard) throw new AppError(ErrorCode.DUPLICATE, '该身份证号已有账号');
  if (conflicts.phone) throw new AppError(ErrorCode.DUPLICATE, '该手机号已被其他账号使用');
  if (conflicts.account) throw new AppError(ErrorCode.DUPLICATE, '该账号名已被使用');
}

export async function listLearners(ctx: AppContext, user: AuthUser, query: z.output<typeof learnerQuery>) {
  const now = ctx.now();
  const departmentIds = query.departmentId
    ? await departmentScope(ctx.db, user.orgId, query.departmentId, query.includeSub)
    : undefined;
  const [{ rows, total }, paths] = await Promise.all([
    findLearnersOfOrg(ctx.db, ctx.keys.idCards, user.orgId, {
      departmentIds,
      q: query.q,
      status: query.status,
      now,
      offset: (query.current - 1) * query.size,
      limit: query.size,
    }),
    departmentPathsOfOrg(ctx.db, user.orgId),
  ]);
  return { records: rows.map((r) => toLearner(ctx, r, now, paths)), total };
}

export async function reread(ctx: AppContext, user: AuthUser, id: string) {
  const row = await findLearnerOfOrg(ctx.db, user.orgId, id);
  if (!row) throw notFound();
  return toLearner(ctx, row, ctx.now(), await departmentPathsOfOrg(ctx.db, user.orgId));
}

/**
 * Adds one learner to the manager's organisation. Without a password a random one is made
 * and shown once in the answer (the manager hands it over; the learner is asked for his own at
 * his first login).
 */
export async function createLearner(ctx: AppContext, user: AuthUser, body: CreateLearnerBody, ip: string) {
  const now = ctx.now();
  const id = crypto.randomUUID();
  const password = body.password ?? randomPassword();
  const passwordHash = await hashPassword(password);
  await inTransactionOr409(ctx, async (trx) => {
    const departmentId = await departmentOf(trx, user.orgId, body.departmentId);
    refuseConflicts(
      await findIdentityConflicts(trx, ctx.keys.idCards, {
        idCard: body.idCard,
        phone: body.phone,
        account: body.account,
      }),
    );
    await insertPerson(trx, {
      id,
      org_id: user.orgId,
      role: 'learner',
      account: body.account ?? null,
      name: body.name,
      ...idCardColumns(ctx.keys.idCards, id, body.idCard),
      phone: body.phone ?? null,
      password_hash: passwordHash,
      avatar_file_id: null,
      failed_logins: 0,
      locked_until: null,
      created_at: now,
      updated_at: now,
      department_id: departmentId,
      post: body.post || null,
      // his own choice is asked for at his first login
      temporary_password_at: now,
    });
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'learner.create',
      targetType: 'person',
      targetId: id,
      summary: {
        after: {
          name: body.name,
          idCard: body.idCard,
          phone: body.phone ?? null,
          account: body.account ?? null,
          departmentId,
          post: body.post ?? null,
        },
      },
      now,
    });
  });
  return { learner: await reread(ctx, user, id), password: body.password ? null : password };
}

export async function changeLearner(ctx: AppContext, user: AuthUser, id: string, body: UpdateLearnerBody, ip: string) {
  const now = ctx.now();
  await inTransactionOr409(ctx, async (trx) => {
    const current = await findLearnerOfOrg(trx, user.orgId, id);
    if (!current) throw notFound();
    const values: Parameters<typeof updatePersonRecord>[2] = {};
    if (body.name !== undefined) values.name = body.name;
    if (body.post !== undefined) values.post = body.post || null;
    if (body.departmentId !== undefined) values.department_id = await departmentOf(trx, user.orgId, body.departmentId);
    if (body.phone !== undefined) {
      if (body.phone) refuseConflicts(await findIdentityConflicts(trx, ctx.keys.idCards, { phone: body.phone }, id));
      values.phone = body.phone;
    }
    const idCardBefore = maskedIdCard(ctx.keys.idCards, id, current.id_card_enc);
    if (body.idCard !== undefined) {
      refuseConflicts(await findIdentityConflicts(trx, ctx.keys.idCards, { idCard: body.idCard }, id));
      Object.assign(values, idCardColumns(ctx.keys.idCards, id, body.idCard));
    }
    await updatePersonRecord(trx, id, values, now);
    // the audit keeps the numbers masked, never the sealed columns
    const { id_card_enc: sealed, id_card_index: _index, ...shown } = values;
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'learner.update',
      targetType: 'person',
      targetId: id,
      // what changed only (the name kept to say whose record), the numbers masked
      summary: changedFields(
        {
          name: current.name,
          phone: current.phone,
          departmentId: current.department_id,
          post: current.post,
          idCard: idCardBefore,
        },
        {
          name: shown.name,
          phone: shown.phone,
          departmentId: shown.department_id,
          post: shown.post,
          idCard: sealed ? maskedIdCard(ctx.keys.idCards, id, sealed) : undefined,
        },
      ),
      now,
    });
  });
  await publishPersonsChanged(ctx, [id]);
  return reread(ctx, user, id);
}

/** Disable (the sessions end at once, everywhere) or enable an account; records stay. */
export async function setLearnerDisabled(ctx: AppContext, user: AuthUser, id: string, disabled: boolean, ip: string) {
  const now = ctx.now();
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    const current = await findLearnerOfOrg(trx, user.orgId, id);
    if (!current) throw notFound();
    await updatePersonRecord(trx, id, { disabled_at: disabled ? (current.disabled_at ?? now) : null }, now);
    await recordAudit(trx, {
      actor: user,
      ip,
      action: disabled ? 'learner.disable' : 'learner.enable',
      targetType: 'person',
      targetId: id,
      summary: { before: { disabled: current.disabled_at !== null }, after: { disabled } },
      now,
    });
    return disabled ? revokePersonSessions(trx, id, 'disabled', now) : [];
  });
  await publishRevoked(ctx, revoked, 'logout');
  return reread(ctx, user, id);
}

export async function unlockLearner(ctx: AppContext, user: AuthUser, id: string, ip: string) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const current = await findLearnerOfOrg(trx, user.orgId, id);
    if (!current) throw notFound();
    await unlockPerson(trx, id, now);
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'learner.unlock',
      targetType: 'person',
      targetId: id,
      summary: { before: { lockedUntil: recordTimeOrNull(current.locked_until) } },
      now,
    });
  });
  // the guesses counted against the account go too
  await ctx.limiters.loginPerAccount.reset(`person:${id}`);
  return reread(ctx, user, id);
}

/** A new random password, shown once; the learner's sessions end (they log in with it). */
export async function resetLearnerPassword(ctx: AppContext, user: AuthUser, id: string, ip: string) {
  const now = ctx.now();
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    const current = await findLearnerOfOrg(trx, user.orgId, id);
    if (!current) throw notFound();
    await updatePassword(trx, id, passwordHash, now, true);
    await unlockPerson(trx, id, now);
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'learner.reset-password',
      targetType: 'person',
      targetId: id,
      summary: {},
      now,
    });
    return revokePersonSessions(trx, id, 'logout', now);
  });
  await publishRevoked(ctx, revoked, 'logout');
  await publishPersonsChanged(ctx, [id]);
  return { learner: await reread(ctx, user, id), password };
}
