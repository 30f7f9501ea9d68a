import type { Kysely } from 'kysely';

/**
 * Registrations a training manager rejected (issue: Console I's approval mode). The person's
 * row is deleted — the phone and ID number are free to register again — and this keeps how
 * to know him for 30 days: his login names and his password's hash, so a login with them is
 * told the registration was not approved instead of 用户名或密码错误 (the wrong password
 * still gets that). A registration that succeeds later removes its number's rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('registration_rejections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('phone', 'text')
    .addColumn('account', 'text')
    .addColumn('id_card_index', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('rejected_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('registration_rejections_phone').on('registration_rejections').column('phone').execute();
  await db.schema
    .createIndex('registration_rejections_account')
    .on('registration_rejections')
    .column('account')
    .execute();
  await db.schema
    .createIndex('registration_rejections_id_card')
    .on('registration_rejections')
    .column('id_card_index')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('registration_rejections').execute();
}
