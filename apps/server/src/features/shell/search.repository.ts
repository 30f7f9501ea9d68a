import type { Db } from '../../infra/database.js';

/** Course books of an organisation (and shared ones) whose name contains the word. */
export async function searchCourseNames(db: Db, orgCode: string | undefined, orgId: string | undefined, word: string) {
  const id =
    orgId ??
    (orgCode
      ? (await db.selectFrom('organisations').select('id').where('code', '=', orgCode).executeTakeFirst())?.id
      : undefined);
  if (!id) return [];
  return db
    .selectFrom('course_books')
    .select(['id', 'name'])
    .where((eb) => eb.or([eb('org_id', '=', id), eb('org_id', 'is', null)]))
    .where('name', 'like', `%${word.replace(/[%_\\]/g, '')}%`)
    .orderBy('popularity', 'desc')
    .limit(10)
    .execute();
}
