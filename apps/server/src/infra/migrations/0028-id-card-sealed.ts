import { sql, type Kysely, type Migration } from 'kysely';
import type { IdCardCipher } from '../id-card-cipher.js';

const BATCH = 500;

/**
 * ID numbers encrypted at rest (issue: trust, item 9): every number moves from
 * persons.id_card to persons.id_card_enc (AES-256-GCM, the key id in front) and
 * persons.id_card_index (an HMAC, unique, for login by ID number, imports and search).
 * PostgreSQL drops the old column; SQLite cannot drop a UNIQUE column, so there it is emptied
 * (secure_delete overwrites the freed bytes) and nothing reads or writes it again.
 * The one migration that needs a key: it is made with the node's ID-number cipher.
 */
export function idCardSealed(cipher: IdCardCipher): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const postgres = db.isTransaction; // the migrator wraps only PostgreSQL in a transaction
      if (!postgres) await sql`pragma secure_delete = on`.execute(db);
      await db.schema.alterTable('persons').addColumn('id_card_enc', 'text').execute();
      await db.schema.alterTable('persons').addColumn('id_card_index', 'text').execute();
      await db.schema.createIndex('persons_id_card_index_key').unique().on('persons').column('id_card_index').execute();
      const work = async (trx: Kysely<unknown>) => {
        let after = '';
        for (;;) {
          const rows = (
            await sql<{ id: string; id_card: string }>`
              select id, id_card from persons where id_card is not null and id > ${after} order by id limit ${BATCH}`.execute(
              trx,
            )
          ).rows;
          for (const row of rows) {
            const sealed = cipher.seal(row.id, row.id_card);
            await sql`update persons set id_card_enc = ${sealed.id_card_enc}, id_card_index = ${sealed.id_card_index},
              id_card = null where id = ${row.id}`.execute(trx);
          }
          if (rows.length < BATCH) break;
          after = rows[rows.length - 1]!.id;
        }
      };
      if (postgres) {
        await work(db);
        await db.schema.alterTable('persons').dropColumn('id_card').execute();
      } else {
        await db.transaction().execute(work);
        await sql`pragma secure_delete = off`.execute(db);
      }
    },
    async down(): Promise<void> {
      throw new Error('0028-id-card-sealed cannot be undone: the numbers are only kept sealed');
    },
  };
}
