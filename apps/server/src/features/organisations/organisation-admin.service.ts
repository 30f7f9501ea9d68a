import { RegistrationMode } from '@anxun/shared/constants';
import crypto from 'node:crypto';
import { Role } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import type {
  AdminAction,
  CreateOrganisationBody,
  ManagedOrganisation,
  adminBody,
  organisationQuery,
  updateOrganisationBody,
} from '@anxun/shared/schemas/organisations';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { changedFields, recordAudit } from '../../core/audit.js';
import { isUniqueViolation } from '../../core/db-errors.js';
import { publicFileUrl } from '../../core/file-url.js';
import {
  findOrgByCode,
  findOrgById,
  findOrganisationPeople,
  findOrganisationsPage,
  insertOrganisation,
  updateOrganisation,
} from '../../core/org.repository.js';
import {
  findIdentityConflicts,
  findPersonById,
  insertPerson,
  unlockPerson,
  updatePassword,
  updatePersonRecord,
  type IdCardIndex,
} from '../../core/person.repository.js';
import { recordTime, recordTimeOrNull } from '../../core/record-time.js';
import { revokeOrgSessions, revokePersonSessions } from '../../core/session.repository.js';
import { publishRevoked, type AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import { hashPassword, readablePassword } from '../../infra/crypto.js';
import { publishPersonsChanged } from '../../core/person-cache.js';
import type { Db } from '../../infra/database.js';

type OrgRow = NonNullable<Awaited<ReturnType<typeof findOrgById>>>;

async function toManaged(db: Db, rows: OrgRow[], now: number): Promise<ManagedOrganisation[]> {
  const { admins, learners } = await findOrganisationPeople(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    logoUrl: r.logo_file_id ? publicFileUrl(r.logo_file_id) : null,
    footerCopyright: r.footer_copyright,
    footerAddress: r.footer_address,
    footerPhone: r.footer_phone,
    icpRecord: r.icp_record,
    policeRecord: r.police_record,
    registrationMode: r.registration_mode === 'approval' ? 'approval' : 'open',
    disabled: r.disabled_at !== null,
    admins: admins
      .filter((a) => a.org_id === r.id)
      .map((a) => ({
        id: a.id,
        name: a.name,
        account: a.account,
        status:
          a.disabled_at !== null
            ? ('disabled' as const)
            : a.locked_until !== null && a.locked_until > now
              ? ('locked' as const)
              : ('active' as const),
      })),
    learnerCount: learners.get(r.id) ?? 0,
    createdAt: recordTime(r.created_at),
  }));
}

async function reread(ctx: AppContext, id: string): Promise<ManagedOrganisation> {
  const row = await findOrgById(ctx.db, id);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '单位不存在');
  return (await toManaged(ctx.db, [row], ctx.now()))[0]!;
}

const footerValues = (b: Partial<Record<keyof typeof FOOTER, string | undefined>>) =>
  Object.fromEntries(
    Object.entries(FOOTER)
      .filter(([key]) => b[key as keyof typeof FOOTER] !== undefined)
      .map(([key, column]) => [column, b[key as keyof typeof FOOTER]!.trim()]),
  );
/** The footer's texts an edit sets, by their API names (as trimmed for the database). */
const footerTexts = (b: Partial<Record<keyof typeof FOOTER, string | undefined>>) =>
  Object.fromEntries(
    Object.keys(FOOTER).flatMap((key) => {
      const value = b[key as keyof typeof FOOTER];
      return value === undefined ? [] : [[key, value.trim()]];
    }),
  );
const FOOTER = {
  footerCopyright: 'footer_copyright',
  footerAddress: 'footer_address',
  footerPhone: 'footer_phone',
  icpRecord: 'icp_record',
  policeRecord: 'police_record',
} as const;

export async function listOrganisations(ctx: AppContext, query: z.output<typeof organisationQuery>) {
  const { rows, total } = await findOrganisationsPage(ctx.db, {
    q: query.q,
    offset: (query.current - 1) * query.size,
    limit: query.size,
  });
  return { records: await toManaged(ctx.db, rows, ctx.now()), total };
}

/** A training manager for the organisation; his password is the one given or one made and shown once. */
async function addAdmin(trx: Db, ids: IdCardIndex, orgId: string, body: z.output<typeof adminBody>, now: number) {
  const conflicts = await findIdentityConflicts(trx, ids, { account: body.account, phone: body.phone });
  if (conflicts.account) throw new AppError(ErrorCode.DUPLICATE, '该账号已被使用');
  if (conflicts.phone) throw new AppError(ErrorCode.DUPLICATE, '该手机号已被使用');
  const password = body.password ?? readablePassword();
  const id = crypto.randomUUID();
  await insertPerson(trx, {
    id,
    org_id: orgId,
    role: Role.ADMIN,
    account: body.account,
    name: body.name,
    id_card_enc: null,
    id_card_index: null,
    phone: body.phone ?? null,
    password_hash: await hashPassword(password),
    avatar_file_id: null,
    failed_logins: 0,
    locked_until: null,
    created_at: now,
    updated_at: now,
    // set by the operator: the manager chooses his own at his first login
    temporary_password_at: now,
  });
  return { id, password: body.password ? null : password };
}

async function inTransaction<T>(ctx: AppContext, work: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction().execute(work);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorCode.DUPLICATE, '单位编码、账号或手机号已被使用');
    throw err;
  }
}

/** A new organisation with its first training manager, in one step (audited). */
export async function createOrganisation(
  ctx: AppContext,
  operator: AuthUser,
  body: CreateOrganisationBody,
  ip: string,
) {
  if (await findOrgByCode(ctx.db, body.code)) throw new AppError(ErrorCode.DUPLICATE, '该单位编码已被使用');
  const now = ctx.now();
  const id = crypto.randomUUID();
  const admin = await inTransaction(ctx, async (trx) => {
    await insertOrganisation(trx, {
      id,
      code: body.code,
      name: body.name,
      logo_file_id: null,
      created_at: now,
      // registrations wait for its manager until he opens them (注册方式): anyone may learn the
      // code from the login address, and a registration claims an ID number nobody checked
      registration_mode: RegistrationMode.APPROVAL,
      ...footerValues(body),
    });
    const made = await addAdmin(trx, ctx.keys.idCards, id, body.admin, now);
    await recordAudit(trx, {
      // filed under the organisation acted on: its managers see what the platform did to it,
      // and the operator's own organisation does not see every other one
      actor: { orgId: id, personId: operator.personId },
      ip,
      action: 'organisation.create',
      targetType: 'organisation',
      targetId: id,
      summary: { after: { code: body.code, name: body.name, admin: body.admin.account } },
      now,
    });
    return made;
  });
  return { organisation: await reread(ctx, id), account: body.admin.account, password: admin.password };
}

export async function editOrganisation(
  ctx: AppContext,
  operator: AuthUser,
  id: string,
  body: z.output<typeof updateOrganisationBody>,
  ip: string,
) {
  const before = await reread(ctx, id);
  const now = ctx.now();
  await inTransaction(ctx, async (trx) => {
    await updateOrganisation(trx, id, { ...(body.name ? { name: body.name } : {}), ...footerValues(body) });
    await recordAudit(trx, {
      // filed under the organisation acted on: its managers see what the platform did to it,
      // and the operator's own organisation does not see every other one
      actor: { orgId: id, personId: operator.personId },
      ip,
      action: 'organisation.update',
      targetType: 'organisation',
      targetId: id,
      summary: changedFields(
        {
          name: before.name,
          footerCopyright: before.footerCopyright,
          footerAddress: before.footerAddress,
          footerPhone: before.footerPhone,
          icpRecord: before.icpRecord,
          policeRecord: before.policeRecord,
        },
        { ...(body.name ? { name: body.name } : {}), ...footerTexts(body) },
      ),
      now,
    });
  });
  return reread(ctx, id);
}

/** Another training manager for an organisation (the first one left, or a second is needed). */
export async function addOrganisationAdmin(
  ctx: AppContext,
  operator: AuthUser,
  id: string,
  body: z.output<typeof adminBody>,
  ip: string,
) {
  await reread(ctx, id);
  const now = ctx.now();
  const admin = await inTransaction(ctx, async (trx) => {
    const made = await addAdmin(trx, ctx.keys.idCards, id, body, now);
    await recordAudit(trx, {
      // filed under the organisation acted on: its managers see what the platform did to it,
      // and the operator's own organisation does not see every other one
      actor: { orgId: id, personId: operator.personId },
      ip,
      action: 'organisation.add-admin',
      targetType: 'organisation',
      targetId: id,
      summary: { after: { admin: body.account, name: body.name } },
      now,
    });
    return made;
  });
  return { organisation: await reread(ctx, id), account: body.account, password: admin.password };
}

/**
 * The operator acts on one of an organisation's training managers: a manager who left or whose
 * account is not his any more is disabled (his sessions end at once, everywhere) — nobody else
 * can, his organisation's console manages learners only; a locked one is unlocked (the lock
 * anyone can set by guessing at his account); a forgotten password is replaced by one shown
 * once, his sessions ended. Audited under the organisation.
 */
export async function actOnOrganisationAdmin(
  ctx: AppContext,
  operator: AuthUser,
  orgId: string,
  adminId: string,
  action: AdminAction,
  ip: string,
) {
  await reread(ctx, orgId);
  const now = ctx.now();
  const password = action === 'reset-password' ? readablePassword() : null;
  const passwordHash = password ? await hashPassword(password) : null;
  const { revoked, account } = await ctx.db.transaction().execute(async (trx) => {
    const admin = await findPersonById(trx, adminId);
    if (!admin || admin.org_id !== orgId || admin.role !== Role.ADMIN) {
      throw new AppError(ErrorCode.NOT_FOUND, '培训管理员不存在');
    }
    let ended: Awaited<ReturnType<typeof revokePersonSessions>> = [];
    if (action === 'disable') {
      await updatePersonRecord(trx, adminId, { disabled_at: admin.disabled_at ?? now }, now);
      ended = await revokePersonSessions(trx, adminId, 'disabled', now);
    } else if (action === 'enable') {
      await updatePersonRecord(trx, adminId, { disabled_at: null }, now);
    } else if (action === 'unlock') {
      await unlockPerson(trx, adminId, now);
    } else {
      await updatePassword(trx, adminId, passwordHash!, now, true);
      await unlockPerson(trx, adminId, now);
      ended = await revokePersonSessions(trx, adminId, 'logout', now);
    }
    await recordAudit(trx, {
      // filed under the organisation acted on: its managers see what the platform did to it
      actor: { orgId, personId: operator.personId },
      ip,
      action: `organisation.admin-${action}`,
      targetType: 'person',
      targetId: adminId,
      summary: {
        after: { admin: admin.account, name: admin.name },
        ...(action === 'unlock' ? { before: { lockedUntil: recordTimeOrNull(admin.locked_until) } } : {}),
      },
      now,
    });
    return { revoked: ended, account: admin.account };
  });
  await publishRevoked(ctx, revoked, 'logout');
  if (password) await publishPersonsChanged(ctx, [adminId]);
  // the guesses counted against the account go with its lock
  if (action === 'unlock' || action === 'reset-password') await ctx.limiters.loginPerAccount.reset(`person:${adminId}`);
  return { organisation: await reread(ctx, orgId), account: account ?? '', password };
}

/**
 * Stops an organisation (a contract ended) or lets it in again: stopped, none of its people
 * log in — their sessions end at once, everywhere — and nobody registers into it; its records
 * stay. The platform's own organisation (the operator's) is not stopped. Audited under it.
 */
export async function setOrganisationDisabled(
  ctx: AppContext,
  operator: AuthUser,
  id: string,
  disabled: boolean,
  ip: string,
) {
  const before = await reread(ctx, id);
  if (disabled && id === operator.orgId) {
    throw new AppError(ErrorCode.DUPLICATE, '不能停用平台运营账号所在的单位');
  }
  const now = ctx.now();
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    // stopped again: it stays stopped since the first time
    if (disabled !== before.disabled) await updateOrganisation(trx, id, { disabled_at: disabled ? now : null });
    await recordAudit(trx, {
      actor: { orgId: id, personId: operator.personId },
      ip,
      action: disabled ? 'organisation.disable' : 'organisation.enable',
      targetType: 'organisation',
      targetId: id,
      summary: { before: { disabled: before.disabled }, after: { disabled } },
      now,
    });
    return disabled ? revokeOrgSessions(trx, id, 'disabled', now) : [];
  });
  await publishRevoked(ctx, revoked, 'logout');
  return reread(ctx, id);
}
