import type { Kysely } from 'kysely';

/**
 * Question banks kept by a training manager (issue: Console II): each question's points and
 * difficulty, and retirement instead of deletion — a retired question is drawn no more, while
 * papers already handed in still read it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  /** null: the paper's rules decide */
  await db.schema.alterTable('questions').addColumn('points', 'double precision').execute();
  /** 'easy' | 'medium' | 'hard' */
  await db.schema
    .alterTable('questions')
    .addColumn('difficulty', 'text', (c) => c.notNull().defaultTo('medium'))
    .execute();
  await db.schema.alterTable('questions').addColumn('retired_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['retired_at', 'difficulty', 'points']) {
    await db.schema.alterTable('questions').dropColumn(column).execute();
  }
}
