import { sql, type Kysely } from 'kysely';

/**
 * Each membership's credited study since its last passed face check (or, before any, since it
 * joined), kept as it is earned (issue: performance). A random check falls due when it reaches
 * the drawn threshold. The face gate used to sum the membership's study events since the pass
 * on every report, inside the credit batch: in a class that checks faces that read was a third
 * of the server's work per report, and it grew with every report since the pass.
 *
 * The credit batch adds each report's credited seconds (classes that check faces); a pass
 * deletes the row (no row: nothing studied since). Existing memberships start from what their
 * events say: credited seconds after the last pass, or since joining.
 */
async function create(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('face_check_credit')
    .addColumn('train_person_id', 'text', (c) => c.primaryKey().references('train_persons.id').onDelete('cascade'))
    .addColumn('seconds', 'double precision', (c) => c.notNull())
    .execute();
  // each membership's moment first, then its events after it through the (unit, time) index:
  // not a search for the last pass per event
  await sql`insert into face_check_credit (train_person_id, seconds)
    with since as (
      select tp.id as train_person_id, coalesce(max(f.passed_at), tp.joined_at) as at
      from train_persons tp
      left join face_checks f on f.train_person_id = tp.id and f.status = 'passed'
      group by tp.id, tp.joined_at
    )
    select s.train_person_id, sum(e.credited_seconds)
    from since s
    join train_warp_courses wc on wc.train_person_id = s.train_person_id
    join study_events e on e.warp_course_id = wc.id and e.created_at > s.at
    where e.credited_seconds > 0
    group by s.train_person_id`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // the migrator wraps PostgreSQL in a transaction itself, SQLite not: a start that dies
  // between the table and its rows must leave neither
  if (db.isTransaction) await create(db);
  else await db.transaction().execute(create);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('face_check_credit').execute();
}
