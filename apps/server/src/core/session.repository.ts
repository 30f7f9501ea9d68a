import type { Insertable, Selectable } from 'kysely';
import type { Db, Dialect } from '../infra/database.js';
import { inValues } from '../infra/rows-table.js';
import type { SessionsTable } from '../infra/db-schema.js';

export type SessionRow = Selectable<SessionsTable>;

export async function insertSession(db: Db, row: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** The session of an access token with what a request needs of its person, in one query. */
export async function findSessionByAccessHash(db: Db, hash: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('persons as p', 'p.id', 's.person_id')
    .select([
      's.id',
      's.person_id',
      's.revoked_at',
      's.revoked_reason',
      's.access_expires_at',
      's.last_seen_at',
      'p.org_id',
      'p.role',
    ])
    .where('s.access_token_hash', '=', hash)
    .executeTakeFirst();
}

/** Revocation state of sessions, by id (a batch re-checks its reports' sessions under lock). */
export async function findSessionStates(db: Db, dialect: Dialect, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('sessions')
    .select(['id', 'revoked_at', 'revoked_reason'])
    .where(inValues(dialect, 'id', ids))
    .execute();
}

/**
 * The logins of these people in use at some moment of [from, to) (学习轨迹's 登录记录): where
 * and on what each was made, when last seen and how it ended. Never a token's hash.
 */
export async function findSessionsOfPersons(
  db: Db,
  personIds: string[],
  range: { from?: number | undefined; to?: number | undefined },
) {
  if (personIds.length === 0) return [];
  return db
    .selectFrom('sessions')
    .select([
      'id',
      'person_id',
      'client',
      'ip',
      'user_agent',
      'created_at',
      'last_seen_at',
      'revoked_at',
      'revoked_reason',
      'refresh_expires_at',
    ])
    .where('person_id', 'in', personIds)
    .$if(range.to !== undefined, (q) => q.where('created_at', '<', range.to!))
    .$if(range.from !== undefined, (q) => q.where('last_seen_at', '>=', range.from!))
    .orderBy('person_id')
    .orderBy('created_at')
    .execute();
}

export async function findSessionByRefreshHash(db: Db, hash: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('refresh_token_hash', '=', hash).executeTakeFirst();
}

/** A refresh token the session rotated away from, and when. */
export async function rememberRotatedToken(db: Db, sessionId: string, hash: string, now: number) {
  await db
    .insertInto('session_refresh_history')
    .values({ refresh_token_hash: hash, session_id: sessionId, rotated_at: now })
    .onConflict((oc) => oc.column('refresh_token_hash').doNothing())
    .execute();
}

/** Forgets tokens rotated before `before` (older than any refresh token's life: none could come back). */
export async function purgeRotatedTokens(db: Db, before: number): Promise<void> {
  await db.deleteFrom('session_refresh_history').where('rotated_at', '<', before).execute();
}

/** The session a refresh token belonged to before it rotated, and when it did. */
export async function findRotatedToken(db: Db, hash: string) {
  return db
    .selectFrom('session_refresh_history as h')
    .innerJoin('sessions as s', 's.id', 'h.session_id')
    .select(['s.id', 's.revoked_at', 'h.rotated_at'])
    .where('h.refresh_token_hash', '=', hash)
    .executeTakeFirst();
}

/** Revokes every live session of a person; returns the ids it revoked. */
export async function revokePersonSessions(db: Db, personId: string, reason: string, now: number): Promise<string[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('person_id', '=', personId)
    .where('revoked_at', 'is', null)
    .returning(['id'])
    .execute();
  return rows.map((r) => r.id);
}

/** Every live session of an organisation's people (the organisation stopped): their ids. */
export async function revokeOrgSessions(db: Db, orgId: string, reason: string, now: number): Promise<string[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('person_id', 'in', (eb) => eb.selectFrom('persons').select('id').where('org_id', '=', orgId))
    .where('revoked_at', 'is', null)
    .returning(['id'])
    .execute();
  return rows.map((r) => r.id);
}

export async function revokeSession(db: Db, id: string, reason: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Replaces both tokens of a live session; false when it was revoked meanwhile. */
export async function rotateSessionTokens(
  db: Db,
  id: string,
  oldRefreshHash: string,
  next: Pick<
    SessionsTable,
    'access_token_hash' | 'refresh_token_hash' | 'access_expires_at' | 'refresh_expires_at' | 'last_seen_at'
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set(next)
    .where('id', '=', id)
    .where('refresh_token_hash', '=', oldRefreshHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sessions seen (one statement for many; a session revoked meanwhile is left as it is). */
export async function touchSessions(db: Db, ids: string[], now: number): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('id', 'in', ids.slice(i, i + 500))
      .where('last_seen_at', '<', now)
      .execute();
  }
}
