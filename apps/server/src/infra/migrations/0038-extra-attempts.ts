import type { Kysely } from 'kysely';

/**
 * Attempts a manager allowed one learner beyond the class's retakes (允许补考): a learner who
 * used them all without passing stayed 学习中 for good, the only lever being more retakes
 * for the whole class.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('train_person_courses')
    .addColumn('extra_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('train_person_courses').dropColumn('extra_attempts').execute();
}
