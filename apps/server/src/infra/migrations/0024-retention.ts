import type { Kysely } from 'kysely';

/**
 * Retention (issue: Console III): records of training are kept at least the organisation's
 * retention (3 years unless it says more); a class may keep its own longer (6 years for
 * special-operations workers). Face-check photos are purged only once no kept class needs them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organisations')
    .addColumn('retention_years', 'integer', (c) => c.notNull().defaultTo(3))
    .execute();
  /** null: the organisation's */
  await db.schema.alterTable('train_classes').addColumn('retention_years', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('train_classes').dropColumn('retention_years').execute();
  await db.schema.alterTable('organisations').dropColumn('retention_years').execute();
}
