import type { Kysely } from 'kysely';

/** A question may show an image with its stem (issue: Console II): a file of type QuestionImage. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('questions').addColumn('image_file_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('questions').dropColumn('image_file_id').execute();
}
