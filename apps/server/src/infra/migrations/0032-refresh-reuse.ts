import type { Kysely } from 'kysely';

/**
 * The refresh token a session had before its last rotation, and when it rotated: a rotated
 * token presented again after a short grace (two tabs renewing at once) means it was copied —
 * the session is revoked, the thief's tokens and the owner's with it (OAuth's refresh-token
 * reuse detection). Before: an old token was only refused, and the tokens it had been
 * rotated into stayed good.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('previous_refresh_hash', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('refresh_rotated_at', 'bigint').execute();
  await db.schema.createIndex('sessions_previous_refresh').on('sessions').column('previous_refresh_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_previous_refresh').execute();
  await db.schema.alterTable('sessions').dropColumn('refresh_rotated_at').execute();
  await db.schema.alterTable('sessions').dropColumn('previous_refresh_hash').execute();
}
