import crypto from 'node:crypto';
import { Role } from '@anxun/shared/constants';
import { sql } from 'kysely';
import { isDeepStrictEqual } from 'node:util';
import type { AuthUser } from './session.service.js';
import type { Db } from '../infra/database.js';
import { maskIdNumbers } from '../http/log-redaction.js';
import { departmentPaths } from './department.repository.js';

/** What a manager's write changed, in a few fields: never a password, an ID number only masked. */
export type AuditSummary = { before?: Record<string, unknown>; after?: Record<string, unknown> };

const SECRET = /password|secret|token|code_hash/i;

const CLIP = 200;

/** A value as the log keeps it: ID numbers masked wherever they are, then long texts cut to 200 characters. */
function kept(value: unknown): unknown {
  if (typeof value === 'string') {
    const masked = maskIdNumbers(value);
    return masked.length > CLIP ? `${masked.slice(0, CLIP)}…` : masked;
  }
  if (Array.isArray(value)) return value.map(kept);
  if (value && typeof value === 'object') return clean(value as Record<string, unknown>);
  return value;
}

function clean(values: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!values) return undefined;
  return Object.fromEntries(
    Object.entries(values)
      .filter(([key]) => !SECRET.test(key))
      .map(([key, value]) => [key, kept(value)]),
  );
}

/** A summary as the log stores it: no secret field, ID numbers masked, long texts cut. */
export const summaryText = (summary: AuditSummary): string =>
  JSON.stringify({ before: clean(summary.before), after: clean(summary.after) });

/**
 * What an edit changes: each field of `after` whose value differs from `before`'s, with both
 * values (recordAudit masks and cuts them, as every summary), and the `keep` fields (what
 * names the record) whether changed or not. A field the edit leaves out (undefined) is not a
 * change.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  keep: readonly string[] = ['name'],
): AuditSummary {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of keep) {
    if (key in before) was[key] = before[key];
    is[key] = after[key] ?? before[key];
  }
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined || isDeepStrictEqual(before[key], value)) continue;
    was[key] = before[key];
    is[key] = value;
  }
  return { before: was, after: is };
}

/**
 * Appends one record of a manager's write (issue: Console I, audit), in the write's own
 * transaction so a write and its record stand or fall together.
 */
export async function recordAudit(
  db: Db,
  entry: {
    actor: Pick<AuthUser, 'orgId' | 'personId'>;
    ip: string | undefined;
    action: string;
    targetType: string;
    targetId: string;
    summary: AuditSummary;
    now: number;
  },
): Promise<void> {
  // named as it is now: a later rename (or a sheet imported over it) does not rewrite the log
  const target = { target_type: entry.targetType, target_id: entry.targetId };
  const name = (await findTargetNames(db, [target])).get(`${target.target_type}:${target.target_id}`);
  await db
    .insertInto('audit_log')
    .values({
      id: crypto.randomUUID(),
      org_id: entry.actor.orgId,
      actor_id: entry.actor.personId,
      ip: entry.ip ?? null,
      action: entry.action,
      ...target,
      target_name: name ?? null,
      summary: summaryText(entry.summary),
      created_at: entry.now,
    })
    .execute();
}

/** When an action was last recorded on a target (ms), if ever: for rules that turn on a past step. */
export async function lastRecordedAt(db: Db, action: string, targetId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max<number>('created_at').as('at'))
    .where('target_id', '=', targetId)
    .where('action', '=', action)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
}

/**
 * A page of audit records, newest first: an organisation's (what its people did, and what the
 * platform operator did to the organisation itself — organisation.*, filed under it), or the
 * platform's (everything the operator did: the shared course books and their questions were
 * filed under the operator's own organisation, whose manager then read them as his).
 */
export async function findAudit(
  db: Db,
  scope: { orgId: string } | 'platform',
  filter: {
    action?: string | undefined;
    actorId?: string | undefined;
    targetId?: string | undefined;
    from?: number | undefined;
    to?: number | undefined;
    offset: number;
    limit: number;
  },
) {
  let q = db
    .selectFrom('audit_log as a')
    .innerJoin('persons as p', 'p.id', 'a.actor_id')
    .innerJoin('organisations as o', 'o.id', 'a.org_id');
  q =
    scope === 'platform'
      ? q.where('p.role', '=', Role.SUPER)
      : q
          .where('a.org_id', '=', scope.orgId)
          .where((eb) => eb.or([eb('p.role', '!=', Role.SUPER), eb('a.action', 'like', 'organisation.%')]));
  if (filter.action) {
    q = filter.action.endsWith('.')
      ? q.where('a.action', 'like', `${filter.action.replace(/[%_\\]/g, '')}%`)
      : q.where('a.action', '=', filter.action);
  }
  if (filter.actorId) q = q.where('a.actor_id', '=', filter.actorId);
  if (filter.targetId) q = q.where('a.target_id', '=', filter.targetId);
  if (filter.from !== undefined) q = q.where('a.created_at', '>=', filter.from);
  if (filter.to !== undefined) q = q.where('a.created_at', '<', filter.to);
  const [rows, count] = await Promise.all([
    q
      .selectAll('a')
      .select(['p.name as actor_name', 'o.name as org_name'])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Where each kind of audit target is named: its table and the column shown. */
const TARGET_NAMES = {
  person: ['persons', 'name'],
  class: ['train_classes', 'name'],
  'course-book': ['course_books', 'name'],
  notice: ['announcements', 'title'],
  organisation: ['organisations', 'name'],
  question: ['questions', 'stem'],
  certificate: ['certificates', 'number'],
  enquiry: ['intended_persons', 'name'],
} as const;

/**
 * What the records of a page were about, by name (a learner's name, a class's, a question's
 * stem cut short), for 操作日志's 对象 column: ids alone told a manager nothing. A face check is
 * named by whose it was. What has been deleted since has no name.
 */
export async function findTargetNames(
  db: Db,
  targets: Array<{ target_type: string; target_id: string }>,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const idsOf = (type: string) => [...new Set(targets.filter((t) => t.target_type === type).map((t) => t.target_id))];
  await Promise.all([
    ...Object.entries(TARGET_NAMES).map(async ([type, [table, column]]) => {
      const ids = idsOf(type);
      if (ids.length === 0) return;
      // one table of the list above at a time (typed as one of them: each has id and its column)
      const rows = await db
        .selectFrom(table as 'persons')
        .select(['id', sql.ref<string>(column).as('name')])
        .where('id', 'in', ids)
        .execute();
      for (const row of rows) {
        // cut by characters, not UTF-16 halves (an emoji at the cut stays whole or goes)
        const chars = Array.from(row.name);
        names.set(`${type}:${row.id}`, chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : row.name);
      }
    }),
    (async () => {
      const ids = idsOf('face-check');
      if (ids.length === 0) return;
      const rows = await db
        .selectFrom('face_checks as f')
        .innerJoin('persons as p', 'p.id', 'f.person_id')
        .select(['f.id', 'p.name'])
        .where('f.id', 'in', ids)
        .execute();
      for (const row of rows) names.set(`face-check:${row.id}`, row.name);
    })(),
    (async () => {
      // a department by its path (生产部/一车间): two workshops each have a 甲班
      const ids = idsOf('department');
      if (ids.length === 0) return;
      const all = await db
        .selectFrom('departments')
        .select(['id', 'parent_id', 'name'])
        .where('org_id', 'in', (eb) => eb.selectFrom('departments').select('org_id').where('id', 'in', ids))
        .execute();
      const paths = departmentPaths(all);
      for (const id of ids) {
        const path = paths.get(id);
        if (path) names.set(`department:${id}`, path);
      }
    })(),
    (async () => {
      // a class's course (a report's course filter): its book's name
      const ids = idsOf('class-course');
      if (ids.length === 0) return;
      const rows = await db
        .selectFrom('train_class_courses as cc')
        .innerJoin('course_books as b', 'b.id', 'cc.book_id')
        .select(['cc.id', 'b.name'])
        .where('cc.id', 'in', ids)
        .execute();
      for (const row of rows) names.set(`class-course:${row.id}`, row.name);
    })(),
  ]);
  return names;
}
