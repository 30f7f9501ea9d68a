import type { Kysely } from 'kysely';

/**
 * Study and exams traced to the login they were done in (helper-82's audit): each study event
 * keeps the session its report came in on, and each exam attempt the session, address and
 * browser it was started from, so 学习轨迹 ties every report to a 登录记录 row. Null for
 * what came before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('study_events').addColumn('session_id', 'text').execute();
  for (const column of ['session_id', 'ip', 'user_agent']) {
    await db.schema.alterTable('exam_attempts').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['user_agent', 'ip', 'session_id']) {
    await db.schema.alterTable('exam_attempts').dropColumn(column).execute();
  }
  await db.schema.alterTable('study_events').dropColumn('session_id').execute();
}
