import crypto from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { AuthUser } from './session.service.js';
import type { Db } from '../infra/database.js';
import { maskIdNumbers } from '../http/log-redaction.js';

/** What a manager's write changed, in a few fields: never a password, an ID number only masked. */
export type AuditSummary = { before?: Record<string, unknown>; after?: Record<string, unknown> };

const SECRET = /password|secret|token|code_hash/i;

function clean(values: Record<string, unknown> | undefined) {
  if (!values) return undefined;
  return Object.fromEntries(
    Object.entries(values)
      .filter(([key]) => !SECRET.test(key))
      .map(([key, value]) => [key, typeof value === 'string' ? maskIdNumbers(value) : value]),
  );
}

const CLIP = 200;
const clip = (value: unknown) =>
  typeof value === 'string' && value.length > CLIP ? `${value.slice(0, CLIP)}…` : value;

/**
 * What an edit changes: each field of `after` whose value differs from `before`'s, with both
 * values (long texts cut to 200 characters), and the `keep` fields (what names the record)
 * whether changed or not. A field the edit leaves out (undefined) is not a change.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  keep: readonly string[] = ['name'],
): AuditSummary {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of keep) {
    if (key in before) was[key] = clip(before[key]);
    is[key] = clip(after[key] ?? before[key]);
  }
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined || isDeepStrictEqual(before[key], value)) continue;
    was[key] = clip(before[key]);
    is[key] = clip(value);
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
  await db
    .insertInto('audit_log')
    .values({
      id: crypto.randomUUID(),
      org_id: entry.actor.orgId,
      actor_id: entry.actor.personId,
      ip: entry.ip ?? null,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      summary: JSON.stringify({ before: clean(entry.summary.before), after: clean(entry.summary.after) }),
      created_at: entry.now,
    })
    .execute();
}

/** A page of an organisation's audit records, newest first. */
export async function findAudit(
  db: Db,
  orgId: string,
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
  let q = db.selectFrom('audit_log as a').innerJoin('persons as p', 'p.id', 'a.actor_id').where('a.org_id', '=', orgId);
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
      .select('p.name as actor_name')
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
