import { sql, type Kysely } from 'kysely';

/**
 * Each membership's credited study since its last passed face check (or, before any, since it
 * joined), kept as it is earned (issue: performance). A random check falls due when it reaches
 * the drawn threshold. The face gate used to sum the membership's study events since the pass
 * on every report, inside the credit batch: in a class that checks faces that read was a third
 * of the server's work per report, and it grew with every report since the pass.
 *
 * The credit batch adds each report's credited seconds (classes with random checks only);
 * a pass deletes the row (no row: nothing studied since). Existing memberships start from
 * what their events say: credited seconds after the last pass, or since joining.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('face_check_credit')
    .addColumn('train_person_id', 'text', (c) => c.primaryKey().references('train_persons.id').onDelete('cascade'))
    .addColumn('seconds', 'double precision', (c) => c.notNull())
    .execute();
  await sql`insert into face_check_credit (train_person_id, seconds)
    select tp.id, sum(e.credited_seconds)
    from train_persons tp
    join train_warp_courses wc on wc.train_person_id = tp.id
    join study_events e on e.warp_course_id = wc.id
    where e.credited_seconds > 0
      and e.created_at > coalesce(
        (select max(f.passed_at) from face_checks f where f.train_person_id = tp.id and f.status = 'passed'),
        tp.joined_at)
    group by tp.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('face_check_credit').execute();
}
