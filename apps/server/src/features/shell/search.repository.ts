import { selectBooksOfOrg } from '../../core/catalogue.repository.js';
import type { Db } from '../../infra/database.js';

/** Course books of an organisation (and shared ones) whose name contains the word. */
export async function searchCourseNames(db: Db, orgCode: string | undefined, orgId: string | undefined, word: string) {
  const id =
    orgId ??
    (orgCode
      ? (await db.selectFrom('organisations').select('id').where('code', '=', orgCode).executeTakeFirst())?.id
      : undefined);
  if (!id) return [];
  return selectBooksOfOrg(db, id)
    .select(['b.id', 'b.name'])
    .where('b.name', 'like', `%${word.replace(/[%_\\]/g, '')}%`)
    .orderBy('b.popularity', 'desc')
    .limit(10)
    .execute();
}
