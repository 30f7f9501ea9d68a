import type { Kysely } from 'kysely';

/**
 * How each class course's exam paper is made (issue: Console II): random by kind with counts
 * and points, or a fixed list; options shuffled or not. No row: the platform's default plan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exam_papers')
    .addColumn('class_course_id', 'text', (c) => c.primaryKey())
    /** JSON: PaperRules */
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('exam_papers').execute();
}
