import type { Kysely } from 'kysely';

/**
 * Who takes a learner's 本人照片 (the face every check is compared with): 'learner' — he takes
 * or uploads it himself, as before — or 'manager' — only a training manager sets it (from the
 * ID photo or at the site), so a learner cannot make someone else's face his own and have
 * that face pass his checks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organisations')
    .addColumn('reference_mode', 'text', (c) => c.notNull().defaultTo('learner'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organisations').dropColumn('reference_mode').execute();
}
