import { sql, type Kysely } from 'kysely';

/**
 * Study events without a learner index (issue: performance, update-Warp). Every report adds
 * one event, and an index by learner puts each report of a batch on a page of its own: on
 * SQLite it was a quarter of the batch's work and of the pages its commit writes. Every read
 * finds a learner's events through his unit records (`study_events_warp_course_idx`), so
 * the index goes, and with it the foreign key on person_id, which without an index would make
 * each delete of a person scan every event. The unit record's key still ties each event to
 * a learner (unit record → membership → person). SQLite cannot drop a foreign key: the table
 * is made again, in one transaction, with the same rows; `down` puts both back.
 */

/** The table as it stands after this migration, or (`personKey`) as 0003 made it. */
async function rebuildOnSqlite(db: Kysely<unknown>, personKey: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`create table study_events_lean (
      id text primary key,
      person_id text not null${personKey ? sql` references persons (id)` : sql``},
      warp_course_id text not null references train_warp_courses (id),
      playback_id text not null,
      seq integer not null,
      reported_position double precision not null,
      reported_rate double precision not null,
      hidden integer not null,
      credited_seconds double precision not null,
      refusal text,
      ip text,
      user_agent text,
      created_at bigint not null,
      request_id text
    )`.execute(trx);
    await sql`insert into study_events_lean (id, person_id, warp_course_id, playback_id, seq, reported_position,
      reported_rate, hidden, credited_seconds, refusal, ip, user_agent, created_at, request_id)
      select id, person_id, warp_course_id, playback_id, seq, reported_position, reported_rate, hidden,
      credited_seconds, refusal, ip, user_agent, created_at, request_id from study_events`.execute(trx);
    await sql`drop table study_events`.execute(trx);
    await sql`alter table study_events_lean rename to study_events`.execute(trx);
    await trx.schema
      .createIndex('study_events_warp_course_idx')
      .on('study_events')
      .columns(['warp_course_id', 'created_at'])
      .execute();
    await trx.schema.createIndex('study_events_time_idx').on('study_events').column('created_at').execute();
    if (personKey) await createPersonIndex(trx);
  });
}

const createPersonIndex = (db: Kysely<unknown>) =>
  db.schema.createIndex('study_events_person_idx').on('study_events').columns(['person_id', 'created_at']).execute();

export async function up(db: Kysely<unknown>): Promise<void> {
  // the migrator wraps PostgreSQL in a transaction itself, SQLite not
  if (!db.isTransaction) return rebuildOnSqlite(db, false);
  const { rows } = await sql<{ name: string }>`
    select c.conname as name from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.conrelid = 'study_events'::regclass and c.contype = 'f' and a.attname = 'person_id'`.execute(db);
  for (const { name } of rows) await sql`alter table study_events drop constraint ${sql.id(name)}`.execute(db);
  await db.schema.dropIndex('study_events_person_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!db.isTransaction) return rebuildOnSqlite(db, true);
  await sql`alter table study_events add constraint study_events_person_id_fkey
    foreign key (person_id) references persons (id)`.execute(db);
  await createPersonIndex(db);
}
