import type { Kysely } from 'kysely';

/**
 * Registration by approval (issue: Console I): an organisation chooses whether a learner who
 * registers may log in at once ('open') or after a training manager approved him
 * ('approval'); a registration waiting for that decision is marked on the person.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organisations')
    .addColumn('registration_mode', 'text', (c) => c.notNull().defaultTo('open'))
    .execute();
  /** set while a registration waits for a manager's approval */
  await db.schema.alterTable('persons').addColumn('pending_since', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('persons').dropColumn('pending_since').execute();
  await db.schema.alterTable('organisations').dropColumn('registration_mode').execute();
}
