import type { Kysely } from 'kysely';

/**
 * An organisation the platform operator stopped (a contract ended): none of its people log in,
 * and nobody registers into it, while its records stay for as long as they must be kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organisations').addColumn('disabled_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organisations').dropColumn('disabled_at').execute();
}
