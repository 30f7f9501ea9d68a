import type { Kysely } from 'kysely';

// The site footer is per organisation (spec §1: copyright, address, phone and two
// registration-record notices). Empty means "show nothing for this line".
const COLUMNS = ['footer_copyright', 'footer_address', 'footer_phone', 'icp_record', 'police_record'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema
      .alterTable('organisations')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('organisations').dropColumn(column).execute();
}
