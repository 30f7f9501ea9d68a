import { sql, type Kysely } from 'kysely';

/**
 * Accounts unique without regard to case in the database too: the service's check before an
 * insert cannot stop two requests at once ("DEMO" and "demo" both found free). 0034's index
 * becomes unique — where the table allows it: a database already holding such twins keeps the
 * plain index (the check still refuses new ones) and migrates all the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const twins = await sql<{ n: number }>`select count(*) as n from (
      select lower(account) from persons where account is not null group by lower(account) having count(*) > 1
    ) t`.execute(db);
  if (Number(twins.rows[0]?.n ?? 0) > 0) return;
  await db.schema.dropIndex('persons_account_lower').execute();
  await db.schema
    .createIndex('persons_account_lower')
    .on('persons')
    .unique()
    .expression(sql`lower(account)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('persons_account_lower').execute();
  await db.schema
    .createIndex('persons_account_lower')
    .on('persons')
    .expression(sql`lower(account)`)
    .execute();
}
