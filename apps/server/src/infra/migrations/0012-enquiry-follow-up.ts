import type { Kysely } from 'kysely';

/**
 * 报名咨询 followed up in the console: where an enquiry stands (new / contacted / enrolled /
 * closed), the manager's note, and the learner made from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('intended_persons')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .execute();
  await db.schema
    .alterTable('intended_persons')
    .addColumn('follow_up', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('intended_persons').addColumn('person_id', 'text').execute();
  await db.schema.alterTable('intended_persons').addColumn('updated_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['updated_at', 'person_id', 'follow_up', 'status']) {
    await db.schema.alterTable('intended_persons').dropColumn(column).execute();
  }
}
