import crypto from 'node:crypto';
import { ErrorCode } from '@anxun/shared/errors';
import type { ImportResult } from '@anxun/shared/schemas/learners';
import { accountNameProblem, isIdCard, isName, isPassword, isSmsMobile } from '@anxun/shared/validators';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../core/audit.js';
import { isUniqueViolation } from '../../core/db-errors.js';
import type { Db } from '../../infra/database.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import { hashPassword } from '../../infra/crypto.js';
import { departmentPaths, findDepartmentsOfOrg, insertDepartments } from '../../core/department.repository.js';
import { insertPersons, sameAccount, updateImportedPerson } from '../../core/person.repository.js';
import { findPersonsByIdentity } from './learner.repository.js';
import { readLearnerSheet, type SheetRow } from './learner-sheet.js';
import { publishPersonsChanged } from '../../core/person-cache.js';
import { namedErrors } from '../../infra/xlsx.js';

export const MAX_IMPORT_ROWS = 10_000;

type ImportError = ImportResult['errors'][number];

/** Every department path of the organisation ('生产部/一车间') → its id. */
function pathsOf(departments: Array<{ id: string; parent_id: string | null; name: string }>) {
  return new Map([...departmentPaths(departments)].map(([id, path]) => [path, id]));
}

const splitPath = (path: string) => path.split('/').map((s) => s.trim());

/** Field by field, in the spreadsheet's words. */
function checkRow(r: SheetRow, errors: ImportError[]): void {
  const bad = (field: string, msg: string) => errors.push({ row: r.row, field, msg });
  if (!r.name) bad('姓名', '请填写姓名');
  else if (!isName(r.name) || r.name.length > 20) bad('姓名', '姓名只能包含中文、字母或数字（不超过20字）');
  if (r.idCardIsNumber) bad('身份证号', '身份证号请以文本格式填写（数字格式会丢失末几位）');
  else if (!r.idCard) bad('身份证号', '请填写身份证号');
  else if (!isIdCard(r.idCard)) bad('身份证号', '身份证号不正确（18位，校验位须正确）');
  if (r.phone && !isSmsMobile(r.phone)) bad('手机号', '手机号不正确（须为能接收短信的11位手机号，如13812345678）');
  if (r.department && splitPath(r.department).some((s) => !s || s.length > 50)) {
    bad('部门', '部门路径不正确，多级用“/”分隔，如：生产部/一车间');
  }
  const accountProblem = r.account ? accountNameProblem(r.account) : undefined;
  if (accountProblem) bad('账号', accountProblem);
  if (r.password && !isPassword(r.password)) bad('初始密码', '初始密码不能少于6位');
  else if (r.password.length > 64) bad('初始密码', '初始密码不能超过64位');
  // eslint-disable-next-line no-control-regex -- a cell's line breaks and control characters are the point
  if (/[\u0000-\u001f\u007f]/.test(`${r.name}${r.department}${r.post}${r.account}`))
    bad('姓名', '单元格中不能有换行或控制字符');
  if (r.post.length > 40) bad('岗位/工种', '岗位/工种不能超过40字');
}

/** Someone else wrote one of these people or departments while the sheet was checked. */
async function writeOr409(ctx: AppContext, work: (trx: Db) => Promise<void>): Promise<void> {
  try {
    await ctx.db.transaction().execute(work);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorCode.DUPLICATE, '导入期间学员或部门有变化，请重新导入');
    throw err;
  }
}

/** The same ID number, phone or account (in any case) twice in one file: the later row is wrong. */
function checkDuplicates(rows: SheetRow[], errors: ImportError[]): void {
  for (const [key, field] of [
    ['idCard', '身份证号'],
    ['phone', '手机号'],
    ['account', '账号'],
  ] as const) {
    const first = new Map<string, number>();
    for (const r of rows) {
      const value = key === 'account' ? r[key].toLowerCase() : r[key];
      if (!value) continue;
      const seen = first.get(value);
      if (seen !== undefined) errors.push({ row: r.row, field, msg: `与第${seen}行重复` });
      else first.set(value, r.row);
    }
  }
}

/**
 * 导入学员 (issue: Console I): the sheet is read and every row checked — fields, duplicates
 * in the file, departments, and who already has an ID number, phone or account — and only
 * a sheet without a single error is written, in one transaction: new learners created,
 * learners already in this organisation (by ID number) updated, missing departments
 * created when asked. A password is hashed once per distinct password in the sheet.
 */
export async function importLearners(
  ctx: AppContext,
  user: AuthUser,
  data: Buffer,
  options: { createDepartments: boolean; ip: string },
): Promise<ImportResult> {
  const rows = (await readLearnerSheet(data)).map((r) => ({ ...r, idCard: r.idCard.toUpperCase() }));
  if (rows.length === 0) throw new AppError(ErrorCode.BAD_REQUEST, '表格中没有学员数据');
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new AppError(ErrorCode.BAD_REQUEST, `一次最多导入${MAX_IMPORT_ROWS}行，请分批导入`);
  }
  const errors: ImportError[] = [];
  rows.forEach((r) => checkRow(r, errors));
  checkDuplicates(rows, errors);

  const departments = await findDepartmentsOfOrg(ctx.db, user.orgId);
  const paths = pathsOf(departments);
  const wantedPaths = new Set<string>();
  for (const r of rows) {
    if (!r.department) continue;
    const path = splitPath(r.department).join('/');
    if (paths.has(path)) continue;
    if (options.createDepartments) wantedPaths.add(path);
    // (the dialog's checkbox creates them: said on the row, the manager need not guess it)
    else errors.push({ row: r.row, field: '部门', msg: `部门“${path}”不存在，可勾选“自动创建表格中不存在的部门”` });
  }

  const ids = ctx.keys.idCards;
  const existing = await findPersonsByIdentity(ctx.db, ids, {
    idCards: rows.map((r) => r.idCard).filter(Boolean),
    phones: rows.map((r) => r.phone).filter(Boolean),
    accounts: rows.map((r) => r.account).filter(Boolean),
  });
  const byIdCard = new Map(existing.filter((p) => p.id_card_index).map((p) => [p.id_card_index!, p]));
  const updates = new Map<number, string>();
  const current = new Map(existing.map((p) => [p.id, p]));
  for (const r of rows) {
    const same = r.idCard ? byIdCard.get(ids.index(r.idCard)) : undefined;
    if (same) {
      // said as adding one learner says it: not that (or where) another organisation has him
      if (same.org_id !== user.orgId) errors.push({ row: r.row, field: '身份证号', msg: '该身份证号已有账号' });
      else if (same.role !== 'learner') errors.push({ row: r.row, field: '身份证号', msg: '该身份证号属于管理员账号' });
      else updates.set(r.row, same.id);
    }
    const self = same?.id;
    const phoneOwner = r.phone ? existing.find((p) => p.phone === r.phone || p.account === r.phone) : undefined;
    if (phoneOwner && phoneOwner.id !== self) {
      errors.push({ row: r.row, field: '手机号', msg: '该手机号已被其他账号使用' });
    }
    const accountIndex = r.account ? ids.index(r.account) : undefined; // once per row, not per person
    const accountOwner = r.account
      ? existing.find(
          (p) => sameAccount(p.account, r.account) || p.phone === r.account || p.id_card_index === accountIndex,
        )
      : undefined;
    if (accountOwner && accountOwner.id !== self) errors.push({ row: r.row, field: '账号', msg: '该账号名已被使用' });
    if (!same && !r.phone && !r.password) {
      errors.push({ row: r.row, field: '初始密码', msg: '没有手机号时请填写初始密码' });
    }
  }
  if (errors.length > 0) {
    errors.sort((a, b) => a.row - b.row);
    const names = new Map(rows.map((r) => [r.row, r.name]));
    return { created: 0, updated: 0, unchanged: 0, changes: [], passwordsKept: 0, errors: namedErrors(errors, names) };
  }

  // one hash per distinct password: a sheet usually gives many learners the same one; rows
  // without one share a hash of a random secret, so a login against them costs the same time
  const hashes = new Map<string, string>();
  const noPassword = await hashPassword(crypto.randomBytes(24).toString('base64'));
  for (const r of rows) {
    if (r.password && !hashes.has(r.password) && !updates.has(r.row))
      hashes.set(r.password, await hashPassword(r.password));
  }
  const now = ctx.now();
  const changes: Array<{ row: number; name: string; fields: string[]; personId: string; formerName: string }> = [];
  await writeOr409(ctx, async (trx) => {
    // missing departments, parents first
    const newDepartments: Array<{
      id: string;
      org_id: string;
      parent_id: string | null;
      name: string;
      created_at: number;
      updated_at: number;
    }> = [];
    for (const path of [...wantedPaths].sort((a, b) => a.split('/').length - b.split('/').length)) {
      const parts = path.split('/');
      for (let depth = 1; depth <= parts.length; depth++) {
        const sub = parts.slice(0, depth).join('/');
        if (paths.has(sub)) continue;
        const id = crypto.randomUUID();
        const parent = depth > 1 ? paths.get(parts.slice(0, depth - 1).join('/'))! : null;
        newDepartments.push({
          id,
          org_id: user.orgId,
          parent_id: parent,
          name: parts[depth - 1]!,
          created_at: now,
          updated_at: now,
        });
        paths.set(sub, id);
      }
    }
    for (let i = 0; i < newDepartments.length; i += 500) await insertDepartments(trx, newDepartments.slice(i, i + 500));
    const departmentOf = (r: SheetRow) => (r.department ? paths.get(splitPath(r.department).join('/'))! : null);
    changes.length = 0; // (a transaction tried again starts afresh)
    // a learner already there is written only where his row differs from what he has — the
    // fields it gives (a blank cell keeps his), each named for the manager and the audit log
    for (const r of rows) {
      const id = updates.get(r.row);
      const was = id ? current.get(id) : undefined;
      if (!id || !was) continue;
      const fields = [
        r.name !== was.name && '姓名',
        r.phone && r.phone !== was.phone && '手机号',
        r.account && !sameAccount(was.account, r.account) && '账号',
        r.department && departmentOf(r) !== was.department_id && '部门',
        r.post && r.post !== (was.post ?? '') && '岗位',
      ].filter((f): f is string => Boolean(f));
      if (fields.length > 0) changes.push({ row: r.row, name: r.name, fields, personId: id, formerName: was.name });
    }
    await insertPersons(
      trx,
      rows
        .filter((r) => !updates.has(r.row))
        .map((r, i, __, id = crypto.randomUUID()) => ({
          id,
          org_id: user.orgId,
          role: 'learner',
          account: r.account || null,
          name: r.name,
          ...ids.seal(id, r.idCard),
          phone: r.phone || null,
          password_hash: r.password ? hashes.get(r.password)! : noPassword,
          avatar_file_id: null,
          failed_logins: 0,
          locked_until: null,
          // a millisecond apart, the sheet's first row the newest: 人员 (newest first) lists them
          // in the sheet's order, not by their random ids
          created_at: now - i,
          updated_at: now,
          department_id: departmentOf(r),
          post: r.post || null,
          // a 初始密码 from the sheet is the manager's: the learner chooses his own at his first login
          temporary_password_at: r.password ? now : null,
        })),
    );
    const changed = new Set(changes.map((c) => c.row));
    for (const r of rows) {
      const id = updates.get(r.row);
      if (!id || !changed.has(r.row)) continue;
      await updateImportedPerson(trx, id, {
        name: r.name,
        ...(r.phone ? { phone: r.phone } : {}),
        ...(r.account ? { account: r.account } : {}),
        ...(r.department ? { department_id: departmentOf(r) } : {}),
        ...(r.post ? { post: r.post } : {}),
        updated_at: now,
      });
    }
    await recordAudit(trx, {
      actor: user,
      ip: options.ip,
      action: 'learner.import',
      targetType: 'organisation',
      targetId: user.orgId,
      summary: {
        after: {
          rows: rows.length,
          created: rows.length - updates.size,
          updated: changes.length,
          unchanged: updates.size - changes.length,
          departmentsCreated: newDepartments.length,
          // who changed, and what (the first 500: a sheet of more says so by its counts)
          changes: changes.slice(0, 500).map((c) => ({
            personId: c.personId,
            name: c.formerName === c.name ? c.name : `${c.formerName} → ${c.name}`,
            fields: c.fields,
          })),
        },
      },
      now,
    });
  });
  await publishPersonsChanged(
    ctx,
    changes.map((c) => c.personId),
  );
  // a 初始密码 is for new learners: an existing one keeps his (a sheet does not reset passwords)
  const passwordsKept = rows.filter((r) => r.password && updates.has(r.row)).length;
  return {
    created: rows.length - updates.size,
    updated: changes.length,
    unchanged: updates.size - changes.length,
    // a name the sheet changed says what it was (an account someone registered under a worker's
    // ID number, renamed by the sheet, is seen, not taken over unnoticed)
    changes: changes.map(({ row, name, fields, formerName }) => ({
      row,
      name,
      fields,
      ...(formerName !== name ? { formerName } : {}),
    })),
    passwordsKept,
    errors: [],
  };
}
