import type { Kysely } from 'kysely';

/**
 * A learner's live playback remembers the login session it plays in, and can be ended:
 *  - a new playback from the same session (the next unit, another unit, the page opened
 *    again) takes over at once instead of waiting for the old one to go idle;
 *  - the player's last report of a playback (unit end, unit change, page leave) ends it,
 *    so it holds nothing afterwards.
 * Rows from before this migration have no session: they block as before until idle.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('study_playbacks').addColumn('session_id', 'text').execute();
  await db.schema.alterTable('study_playbacks').addColumn('ended_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('study_playbacks').dropColumn('ended_at').execute();
  await db.schema.alterTable('study_playbacks').dropColumn('session_id').execute();
}
