import type { Kysely } from 'kysely';

/**
 * 通知公告 written by a training manager (issue: Console I, notices): for the whole
 * organisation or for one class, edited, withdrawn. A learner's 清空消息 marks each
 * announcement cleared for that learner only (announcement_clears).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('announcements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
    /** null: the whole organisation */
    .addColumn('class_id', 'text', (c) => c.references('train_classes.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull().references('persons.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('withdrawn_at', 'bigint')
    .execute();
  await db.schema.createIndex('announcements_org_idx').on('announcements').columns(['org_id', 'created_at']).execute();
  await db.schema
    .createTable('announcement_clears')
    .addColumn('announcement_id', 'text', (c) => c.notNull().references('announcements.id'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('persons.id'))
    .addColumn('cleared_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('announcement_clears_pk', ['person_id', 'announcement_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('announcement_clears').execute();
  await db.schema.dropTable('announcements').execute();
}
