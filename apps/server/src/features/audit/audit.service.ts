import { Role } from '@anxun/shared/constants';
import type { auditQuery } from '@anxun/shared/schemas/audit';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { findAudit, findTargetNames } from '../../core/audit.js';
import { dayStart, recordTime } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';

/** A summary's fields that hold ids, and what they are the ids of (core/audit's target types). */
const ID_FIELDS: Record<string, string> = {
  parentId: 'department',
  departmentId: 'department',
  departmentIds: 'department',
  classId: 'class',
  bookId: 'course-book',
  bookIds: 'course-book',
  personId: 'person',
  personIds: 'person',
  classCourseId: 'class-course',
};

/** How many ids of a page's summaries are named (a page of 100 enrolments of 100 learners each). */
const MAX_NAMED = 10_000;

/** The ids a record's summary holds in those fields, as targets to name. */
function idsInSummary(summary: unknown): Array<{ target_type: string; target_id: string }> {
  const parts = summary && typeof summary === 'object' ? Object.values(summary as Record<string, unknown>) : [];
  return parts.flatMap((part) =>
    part && typeof part === 'object'
      ? Object.entries(part as Record<string, unknown>).flatMap(([key, value]) => {
          const type = ID_FIELDS[key];
          const ids = Array.isArray(value) ? value : [value];
          return type
            ? ids
                .filter((id): id is string => typeof id === 'string')
                .map((id) => ({ target_type: type, target_id: id }))
            : [];
        })
      : [],
  );
}

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
  // records written before targets were named at the time are named as they are now, and so are
  // the ids their summaries hold (报名 by departments, a department's parent…) — one look-up for both
  const summaries = rows.map((r) => JSON.parse(r.summary) as unknown);
  const refs = summaries.map(idsInSummary);
  // each id once (a page of 报名 names the same learners again and again), at most MAX_NAMED
  const named = [...new Map(refs.flat().map((t) => [`${t.target_type}:${t.target_id}`, t])).values()];
  const names = await findTargetNames(ctx.db, [
    ...rows.filter((r) => r.target_name === null),
    ...named.slice(0, MAX_NAMED),
  ]);
  return {
    records: rows.map((r, i) => ({
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
      summary: summaries[i],
      summaryNames: Object.fromEntries(
        refs[i]!.flatMap((t) => {
          const name = names.get(`${t.target_type}:${t.target_id}`);
          return name ? [[t.target_id, name] as const] : [];
        }),
      ),
    })),
    total,
  };
}
