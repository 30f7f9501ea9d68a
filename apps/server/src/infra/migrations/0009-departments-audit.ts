import { sql, type Kysely } from 'kysely';

/**
 * The console's first tables (issue: Console I):
 *  - departments: an organisation's tree (a root has no parent); a person may belong to one;
 *  - audit_log: every write a manager makes — who, when, from where, what, on what, and a
 *    short before/after summary (never a password or a full ID number). Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('departments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
    .addColumn('parent_id', 'text', (c) => c.references('departments.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('departments_org_idx').on('departments').columns(['org_id', 'parent_id']).execute();
  // two departments of one parent do not share a name (a root's parent is '')
  await sql`CREATE UNIQUE INDEX departments_unique_name ON departments (org_id, COALESCE(parent_id, ''), name)`.execute(
    db,
  );
  await db.schema
    .alterTable('persons')
    .addColumn('department_id', 'text', (c) => c.references('departments.id'))
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
    .addColumn('actor_id', 'text', (c) => c.notNull().references('persons.id'))
    .addColumn('ip', 'text')
    /** e.g. 'department.create' */
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    /** JSON: {before?, after?} with masked values */
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_org_idx').on('audit_log').columns(['org_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.alterTable('persons').dropColumn('department_id').execute();
  await db.schema.dropTable('departments').execute();
}
