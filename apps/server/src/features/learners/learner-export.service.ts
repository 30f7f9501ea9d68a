import type { learnerExportQuery } from '@anxun/shared/schemas/learners';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../core/audit.js';
import { exportedIdCard } from '../../core/id-cards.js';
import { departmentPaths, findDepartmentsOfOrg } from '../../core/department.repository.js';
import { sheetTime } from '../../core/record-time.js';
import { streamSheet, type SheetColumn } from '../../infra/xlsx-stream.js';
import type { AuthUser } from '../../core/session.service.js';
import { findLearnersOfOrg } from './learner.repository.js';
import { departmentScope } from './learner.service.js';

const STATUS = { active: '正常', disabled: '已停用', locked: '已锁定' } as const;
const PAGE = 1000;

/**
 * 导出学员: the list as the page filters it, as .xlsx, streamed — rows are read a thousand at a
 * time and written as they come, so a large organisation never sits in memory. ID numbers are
 * masked unless the manager asked for them whole; either way the export is audited.
 */
export async function exportLearners(
  ctx: AppContext,
  user: AuthUser,
  query: z.output<typeof learnerExportQuery>,
  ip: string,
) {
  const now = ctx.now();
  const departments = await findDepartmentsOfOrg(ctx.db, user.orgId);
  const departmentIds = query.departmentId
    ? await departmentScope(ctx.db, user.orgId, query.departmentId, query.includeSub)
    : undefined;
  const paths = departmentPaths(departments);
  const columns: SheetColumn[] = [
    { header: '姓名', key: 'name', width: 12 },
    { header: '身份证号', key: 'idCard', width: 22 },
    { header: '手机号', key: 'phone', width: 15 },
    { header: '部门', key: 'department', width: 24 },
    { header: '账号', key: 'account', width: 16 },
    { header: '岗位/工种', key: 'post', width: 16 },
    { header: '状态', key: 'status', width: 10 },
    { header: '创建时间', key: 'createdAt', width: 20, format: 'time' },
  ];
  const fill = async (addRow: (row: Record<string, unknown>) => void) => {
    for (let offset = 0; ; offset += PAGE) {
      const { rows: page } = await findLearnersOfOrg(ctx.db, ctx.keys.idCards, user.orgId, {
        departmentIds,
        q: query.q,
        status: query.status,
        now,
        offset,
        limit: PAGE,
      });
      for (const p of page) {
        const locked = p.locked_until !== null && p.locked_until > now;
        addRow({
          name: p.name,
          idCard: exportedIdCard(ctx.keys.idCards, p.id, p.id_card_enc, query.full),
          phone: p.phone ?? '',
          department: p.department_id ? (paths.get(p.department_id) ?? '') : '',
          account: p.account ?? '',
          post: p.post ?? '',
          status: STATUS[p.disabled_at !== null ? 'disabled' : locked ? 'locked' : 'active'],
          createdAt: sheetTime(p.created_at),
        });
      }
      if (page.length < PAGE) break;
    }
  };
  // recorded before the first byte leaves: an export that starts is on record
  await recordAudit(ctx.db, {
    actor: user,
    ip,
    action: 'learner.export',
    targetType: 'organisation',
    targetId: user.orgId,
    summary: {
      after: {
        fullIdNumbers: query.full,
        departmentId: query.departmentId ?? null,
        includeSub: query.includeSub,
        q: query.q ?? null,
        status: query.status ?? null,
      },
    },
    now,
  });
  return streamSheet('学员', columns, fill);
}
