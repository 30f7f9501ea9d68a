import type { Kysely } from 'kysely';

/**
 * A certificate reissued after a correction (issue: Console III) gets a new number and code;
 * the numbers it had before stay here, so a paper bearing one verifies as 已换发 rather than
 * as unknown. One row per replaced number; nothing is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('certificate_reissues')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('certificate_id', 'text', (c) => c.notNull().references('certificates.id'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('verify_code', 'text', (c) => c.notNull())
    .addColumn('person_name', 'text', (c) => c.notNull())
    .addColumn('hours', 'double precision', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reissued_at', 'bigint', (c) => c.notNull())
    .addColumn('reissued_by', 'text')
    .execute();
  await db.schema
    .createIndex('certificate_reissues_certificate_idx')
    .on('certificate_reissues')
    .column('certificate_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('certificate_reissues').execute();
}
