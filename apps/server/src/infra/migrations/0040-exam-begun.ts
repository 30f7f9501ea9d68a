import { sql, type Kysely } from 'kysely';

/**
 * A course whose exam was sat before any study read 未开始 in 学习报表, the records and the
 * exports (the hand-in now marks it 学习中): the courses already so are marked too, begun when
 * their first attempt started.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update train_person_courses
    set learn_status = 1,
        start_time = coalesce(start_time, (
          select min(a.started_at) from exam_attempts a
          where a.train_person_id = train_person_courses.train_person_id
            and a.class_course_id = train_person_courses.class_course_id
        ))
    where learn_status = 0 and sys_score is not null
  `.execute(db);
}

/** Nothing: a course marked begun here cannot be told from one begun by study. */
export async function down(): Promise<void> {}
