import { sql, type Kysely } from 'kysely';

/**
 * Account names are told apart without regard to case ("DEMO" is refused where "demo" is
 * taken: a lookalike login in another organisation). The check reads this index; it is not
 * unique, so a database holding such twins from before still migrates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('persons_account_lower')
    .on('persons')
    .expression(sql`lower(account)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('persons_account_lower').execute();
}
