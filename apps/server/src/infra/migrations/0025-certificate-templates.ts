import type { Kysely } from 'kysely';

/**
 * 证书模板 (issue: Console III): an organisation's certificate title, seal image and signature
 * line. Each save is a new row, never changed; a certificate keeps the template it was issued
 * (or reissued) under, so a later change does not alter a certificate already handed out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('certificate_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('signature_line', 'text', (c) => c.notNull())
    .addColumn('seal_file_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .execute();
  await db.schema
    .createIndex('certificate_templates_org_idx')
    .on('certificate_templates')
    .columns(['org_id', 'created_at'])
    .execute();
  /** null: the platform's plain template (certificates issued before there was one) */
  await db.schema.alterTable('certificates').addColumn('template_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('certificates').dropColumn('template_id').execute();
  await db.schema.dropTable('certificate_templates').execute();
}
