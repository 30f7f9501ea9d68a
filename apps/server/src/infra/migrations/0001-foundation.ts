import type { Kysely } from 'kysely';

// Frozen once landed: later changes get a new migration. Only types that mean the same on
// SQLite and PostgreSQL are used (text, integer, bigint).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organisations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo_file_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('persons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('id_card', 'text', (c) => c.unique())
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('avatar_file_id', 'text')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('persons_org_idx').on('persons').column('org_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('persons.id'))
    .addColumn('access_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('refresh_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('access_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('refresh_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('sessions_person_idx').on('sessions').columns(['person_id', 'revoked_at']).execute();

  await db.schema
    .createTable('check_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('check_codes_phone_idx').on('check_codes').columns(['phone', 'created_at']).execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.references('persons.id'))
    .addColumn('otc_id', 'text', (c) => c.notNull())
    .addColumn('otc_type', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_otc_idx').on('files').columns(['otc_id', 'otc_type']).execute();

  await db.schema
    .createTable('notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('persons.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('cleared_at', 'bigint')
    .execute();
  await db.schema.createIndex('notices_person_idx').on('notices').columns(['person_id', 'cleared_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['notices', 'files', 'check_codes', 'sessions', 'persons', 'organisations']) {
    await db.schema.dropTable(table).execute();
  }
}
