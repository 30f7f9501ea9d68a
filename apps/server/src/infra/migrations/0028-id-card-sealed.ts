import { sql, type Kysely, type Migration } from 'kysely';
import type { IdCardCipher } from '../id-card-cipher.js';

const BATCH = 500;

/**
 * ID numbers encrypted at rest (issue: trust, item 9): every number moves from
 * persons.id_card to persons.id_card_enc (AES-256-GCM, the key id in front) and
 * persons.id_card_index (an HMAC, unique, for login by ID number, imports and search).
 * server_state records which keys sealed the database (their fingerprints) and work left for
 * the start: PostgreSQL drops the plain column and marks `persons` to be rewritten (VACUUM
 * FULL, outside this transaction), so no old row version keeps a number. SQLite cannot drop a
 * UNIQUE column, so there it is emptied (secure_delete overwrites the freed bytes), all in one
 * transaction, so a start that fails halfway leaves the table as it was.
 * The one migration that needs a key: it is made with the node's ID-number cipher.
 * Old nodes read the dropped column: stop every node before starting the first new one.
 */
export function idCardSealed(cipher: IdCardCipher): Migration {
  const work = async (db: Kysely<unknown>, postgres: boolean) => {
    await db.schema
      .createTable('server_state')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('persons').addColumn('id_card_enc', 'text').execute();
    await db.schema.alterTable('persons').addColumn('id_card_index', 'text').execute();
    await db.schema.createIndex('persons_id_card_index_key').unique().on('persons').column('id_card_index').execute();
    let after = '';
    for (;;) {
      const rows = (
        await sql<{ id: string; id_card: string }>`
          select id, id_card from persons where id_card is not null and id > ${after} order by id limit ${BATCH}`.execute(
          db,
        )
      ).rows;
      if (rows.length > 0) {
        // one statement per batch: the values as a derived table both databases read
        const values = sql.join(
          rows.map((row, i) => {
            const sealed = cipher.seal(row.id, row.id_card);
            return i === 0
              ? sql`select cast(${row.id} as text) as id, cast(${sealed.id_card_enc} as text) as enc,
                  cast(${sealed.id_card_index} as text) as idx`
              : sql`select cast(${row.id} as text), cast(${sealed.id_card_enc} as text), cast(${sealed.id_card_index} as text)`;
          }),
          sql` union all `,
        );
        await sql`update persons set id_card_enc = v.enc, id_card_index = v.idx, id_card = null
          from (${values}) as v where persons.id = v.id`.execute(db);
      }
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
    if (postgres) {
      await db.schema.alterTable('persons').dropColumn('id_card').execute();
      await sql`insert into server_state (name, value) values ('rewrite:persons', '0028-id-card-sealed')`.execute(db);
    }
  };
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // the migrator wraps PostgreSQL in a transaction itself, SQLite not
      if (db.isTransaction) return work(db, true);
      await sql`pragma secure_delete = on`.execute(db);
      try {
        await db.transaction().execute((trx) => work(trx, false));
      } finally {
        await sql`pragma secure_delete = off`.execute(db);
      }
    },
    async down(): Promise<void> {
      throw new Error('0028-id-card-sealed cannot be undone: the numbers are only kept sealed');
    },
  };
}
