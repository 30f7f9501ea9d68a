import type { Kysely } from 'kysely';

/**
 * A password someone else set (a training manager's 初始密码 on import, a made one on adding or
 * resetting, the operator's for a new manager): its holder is asked to choose his own before
 * anything else, so the password on a list or a slip of paper stops opening the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('persons').addColumn('temporary_password_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('persons').dropColumn('temporary_password_at').execute();
}
