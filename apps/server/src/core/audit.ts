import crypto from 'node:crypto';
import { maskIdCard } from '@anxun/shared/validators';
import type { AuthUser } from './session.service.js';
import type { Db } from '../infra/database.js';

/** What a manager's write changed, in a few fields: never a password, an ID number only masked. */
export type AuditSummary = { before?: Record<string, unknown>; after?: Record<string, unknown> };

const SECRET = /password|secret|token|code_hash/i;
const ID_NUMBER = /^\d{17}[\dXx]$/;

function clean(values: Record<string, unknown> | undefined) {
  if (!values) return undefined;
  return Object.fromEntries(
    Object.entries(values)
      .filter(([key]) => !SECRET.test(key))
      .map(([key, value]) => [key, typeof value === 'string' && ID_NUMBER.test(value) ? maskIdCard(value) : value]),
  );
}

/**
 * Appends one record of a manager's write (issue: Console I, audit), in the write's own
 * transaction so a write and its record stand or fall together.
 */
export async function recordAudit(
  db: Db,
  entry: {
    actor: AuthUser;
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
