import type { Kysely } from 'kysely';

/**
 * Every refresh token a session rotated away from, and when: one presented again after a
 * short grace (two tabs renewing at once) means it was copied — the session is revoked, the
 * thief's tokens and the owner's with it (OAuth's refresh-token reuse detection), however
 * many rotations ago it was. Before: an old token was only refused, and the tokens it had
 * been rotated into stayed good. Rows older than a refresh token's life are pruned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('session_refresh_history')
    .addColumn('refresh_token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('rotated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('session_refresh_history_rotated')
    .on('session_refresh_history')
    .column('rotated_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('session_refresh_history').execute();
}
