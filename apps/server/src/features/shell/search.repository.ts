import { selectBooksOfOrg } from '../../core/catalogue.repository.js';
import { findOrgByCode } from '../../core/org.repository.js';
import { containsText } from '../../core/text-search.js';
import type { Db } from '../../infra/database.js';

/** Course books of an organisation (and shared ones) whose name contains the word. */
export async function searchCourseNames(db: Db, orgCode: string | undefined, orgId: string | undefined, word: string) {
  // the code as typed, in any case (core/org.repository)
  const id = orgId ?? (orgCode ? (await findOrgByCode(db, orgCode))?.id : undefined);
  if (!id) return [];
  return selectBooksOfOrg(db, id)
    .select(['b.id', 'b.name'])
    .where(containsText('b.name', word))
    .orderBy('b.popularity', 'desc')
    .limit(10)
    .execute();
}
