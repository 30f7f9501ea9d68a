import { Role } from '@anxun/shared/constants';
import type { auditQuery } from '@anxun/shared/schemas/audit';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { findAudit, findTargetNames } from '../../core/audit.js';
import { dayStart, recordTime } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';

export async function listAudit(ctx: AppContext, user: AuthUser, query: z.output<typeof auditQuery>) {
  // the operator reads the platform's log; a manager his organisation's
  const { rows, total } = await findAudit(ctx.db, user.role === Role.SUPER ? 'platform' : { orgId: user.orgId }, {
    action: query.action,
    actorId: query.actorId,
    targetId: query.targetId,
    from: query.from ? dayStart(query.from) : undefined,
    // the whole last day
    to: query.to ? dayStart(query.to) + 86_400_000 : undefined,
    offset: (query.current - 1) * query.size,
    limit: query.size,
  });
  // records written before targets were named at the time are named as they are now
  const names = await findTargetNames(
    ctx.db,
    rows.filter((r) => r.target_name === null),
  );
  return {
    records: rows.map((r) => ({
      id: r.id,
      at: recordTime(r.created_at),
      actorId: r.actor_id,
      actorName: r.actor_name,
      ip: r.ip,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      targetName: r.target_name ?? names.get(`${r.target_type}:${r.target_id}`) ?? null,
      // the platform's log spans organisations: which one each record is of
      orgName: user.role === Role.SUPER ? r.org_name : null,
      summary: JSON.parse(r.summary) as unknown,
    })),
    total,
  };
}
