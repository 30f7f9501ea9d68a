import { ErrorCode } from '@anxun/shared/errors';
import type { RegistrationSettings } from '@anxun/shared/schemas/learners';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../core/audit.js';
import { findOrgById } from '../../core/org.repository.js';
import { changeOrgSetting } from '../../core/org-settings.js';
import { approvePendingPerson, deletePendingPerson, findPersonById } from '../../core/person.repository.js';
import { recordRejection } from '../../core/registration-rejection.repository.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import { findLearnerOfOrg, findLearnersOfOrg } from './learner.repository.js';
import { reread } from './learner.service.js';
import { publishPersonsChanged } from '../../core/person-cache.js';

/**
 * 注册审核 (issue: Console I): the organisation chooses open registration or approval; a
 * manager approves (the learner may log in) or rejects (the registration is removed, the
 * phone and ID number are free again; a login with it is told it was not approved, for 30
 * days) each waiting registration.
 */
export async function registrationSettings(ctx: AppContext, user: AuthUser): Promise<RegistrationSettings> {
  const [org, pending] = await Promise.all([
    findOrgById(ctx.db, user.orgId),
    findLearnersOfOrg(ctx.db, ctx.keys.idCards, user.orgId, { status: 'pending', now: ctx.now(), offset: 0, limit: 1 }),
  ]);
  return { mode: org?.registration_mode === 'approval' ? 'approval' : 'open', pendingCount: pending.total };
}

export async function changeRegistrationMode(
  ctx: AppContext,
  user: AuthUser,
  mode: RegistrationSettings['mode'],
  ip: string,
): Promise<RegistrationSettings> {
  const before = await registrationSettings(ctx, user);
  await changeOrgSetting(ctx, user, ip, {
    action: 'organisation.registration-mode',
    values: { registration_mode: mode },
    before: { mode: before.mode },
    after: { mode },
  });
  return registrationSettings(ctx, user);
}

async function pendingOf(ctx: AppContext, user: AuthUser, id: string) {
  const row = await findLearnerOfOrg(ctx.db, user.orgId, id);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '学员不存在');
  if (row.pending_since === null) throw new AppError(ErrorCode.DUPLICATE, '该注册已处理');
  return row;
}

export async function approveRegistration(ctx: AppContext, user: AuthUser, id: string, ip: string) {
  const row = await pendingOf(ctx, user, id);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await approvePendingPerson(trx, id, now))) throw new AppError(ErrorCode.DUPLICATE, '该注册已处理');
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'registration.approve',
      targetType: 'person',
      targetId: id,
      summary: { after: { name: row.name, phone: row.phone } },
      now,
    });
  });
  await publishPersonsChanged(ctx, [id]);
  return reread(ctx, user, id);
}

export async function rejectRegistration(ctx: AppContext, user: AuthUser, id: string, ip: string): Promise<void> {
  const row = await pendingOf(ctx, user, id);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const person = await findPersonById(trx, id);
    if (!person || !(await deletePendingPerson(trx, id))) throw new AppError(ErrorCode.DUPLICATE, '该注册已处理');
    // his login is told the registration was not approved (30 days), not 用户名或密码错误
    await recordRejection(
      trx,
      {
        org_id: person.org_id,
        phone: person.phone,
        account: person.account,
        id_card_index: person.id_card_index,
        password_hash: person.password_hash,
      },
      now,
    );
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'registration.reject',
      targetType: 'person',
      targetId: id,
      summary: { before: { name: row.name, phone: row.phone } },
      now,
    });
  });
  await publishPersonsChanged(ctx, [id]);
}
