import type { Kysely } from 'kysely';

/**
 * What a training manager keeps on a person (issue: Console I): the post or trade
 * (岗位/工种), and whether the account is disabled (a disabled person cannot log in; the
 * records stay).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('persons').addColumn('post', 'text').execute();
  await db.schema.alterTable('persons').addColumn('disabled_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('persons').dropColumn('disabled_at').execute();
  await db.schema.alterTable('persons').dropColumn('post').execute();
}
