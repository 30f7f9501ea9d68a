import crypto from 'node:crypto';
import { ErrorCode } from '@anxun/shared/errors';
import type { CreateDepartmentBody, Department, UpdateDepartmentBody } from '@anxun/shared/schemas/departments';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../core/audit.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import type { Db } from '../../infra/database.js';
import { lockOrganisation } from '../../core/org.repository.js';
import {
  deleteDepartment,
  departmentInUse,
  findDepartment,
  insertDepartment,
  listDepartments,
  updateDepartment,
} from '../../core/department.repository.js';

const notFound = () => new AppError(ErrorCode.NOT_FOUND, '部门不存在');
const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message));
const nameTaken = () => new AppError(ErrorCode.DUPLICATE, '同一上级部门下已有同名部门');

/** The manager's organisation's tree, flat (each with its parent), in display order. */
export async function departmentTree(ctx: AppContext, user: AuthUser): Promise<Department[]> {
  const rows = await listDepartments(ctx.db, user.orgId);
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id,
    name: r.name,
    sortOrder: r.sort_order,
    memberCount: Number(r.member_count),
  }));
}

/** A parent must be a department of the same organisation. */
async function parentOf(db: Db, user: AuthUser, parentId: string | null | undefined) {
  if (!parentId) return null;
  const parent = await findDepartment(db, user.orgId, parentId);
  if (!parent) throw new AppError(ErrorCode.NOT_FOUND, '上级部门不存在');
  return parent;
}

export async function createDepartment(ctx: AppContext, user: AuthUser, body: CreateDepartmentBody, ip: string) {
  const now = ctx.now();
  const id = crypto.randomUUID();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const parent = await parentOf(trx, user, body.parentId);
      await insertDepartment(trx, {
        id,
        org_id: user.orgId,
        parent_id: parent?.id ?? null,
        name: body.name,
        sort_order: body.sortOrder ?? 0,
        created_at: now,
        updated_at: now,
      });
      await recordAudit(trx, {
        actor: user,
        ip,
        action: 'department.create',
        targetType: 'department',
        targetId: id,
        summary: { after: { name: body.name, parentId: parent?.id ?? null } },
        now,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
  return (await departmentTree(ctx, user)).find((d) => d.id === id)!;
}

export async function changeDepartment(
  ctx: AppContext,
  user: AuthUser,
  id: string,
  body: UpdateDepartmentBody,
  ip: string,
) {
  const now = ctx.now();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (body.parentId !== undefined) await lockOrganisation(trx, ctx.dialect, user.orgId);
      const current = await findDepartment(trx, user.orgId, id);
      if (!current) throw notFound();
      let parentId = current.parent_id;
      if (body.parentId !== undefined) {
        const parent = await parentOf(trx, user, body.parentId);
        // moving under itself or under one of its own sub-departments would cut it off the tree;
        // the walk is bounded by what it has seen, so even a damaged tree cannot loop it
        let at = parent ?? undefined;
        const seen = new Set<string>();
        while (at && !seen.has(at.id)) {
          if (at.id === id) throw new AppError(ErrorCode.BAD_REQUEST, '不能把部门移到它自己或它的下级部门之下');
          seen.add(at.id);
          at = at.parent_id ? await findDepartment(trx, user.orgId, at.parent_id) : undefined;
        }
        if (at) throw new AppError(ErrorCode.BAD_REQUEST, '部门结构有环，请联系平台运营处理');
        parentId = parent?.id ?? null;
      }
      const after = {
        name: body.name ?? current.name,
        parent_id: parentId,
        sort_order: body.sortOrder ?? current.sort_order,
      };
      await updateDepartment(trx, id, { ...after, updated_at: now });
      await recordAudit(trx, {
        actor: user,
        ip,
        action: 'department.update',
        targetType: 'department',
        targetId: id,
        summary: {
          before: { name: current.name, parentId: current.parent_id, sortOrder: current.sort_order },
          after: { name: after.name, parentId: after.parent_id, sortOrder: after.sort_order },
        },
        now,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
  return (await departmentTree(ctx, user)).find((d) => d.id === id)!;
}

/** Only an empty department goes: no sub-department, nobody in it. */
export async function removeDepartment(ctx: AppContext, user: AuthUser, id: string, ip: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const current = await findDepartment(trx, user.orgId, id);
    if (!current) throw notFound();
    if (await departmentInUse(trx, id)) {
      throw new AppError(ErrorCode.DUPLICATE, '部门下还有子部门或学员，不能删除');
    }
    await deleteDepartment(trx, id);
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'department.delete',
      targetType: 'department',
      targetId: id,
      summary: { before: { name: current.name, parentId: current.parent_id } },
      now,
    });
  });
}
