import { sql, type Kysely } from 'kysely';

/**
 * 单位编码 unique without regard to case in the database too, as accounts are (0035): the
 * service's check before an insert cannot stop two 开通单位 at once (ORGB and orgb both found
 * free), and a learner typing the other case would land in a look-alike. A database already
 * holding such twins gets no index (the check still refuses new ones) and migrates all the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const twins = await sql<{ n: number }>`select count(*) as n from (
      select lower(code) from organisations group by lower(code) having count(*) > 1
    ) t`.execute(db);
  if (Number(twins.rows[0]?.n ?? 0) > 0) return;
  await db.schema
    .createIndex('organisations_code_lower')
    .on('organisations')
    .unique()
    .expression(sql`lower(code)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('organisations_code_lower').ifExists().execute();
}
