import { sql, type SqlBool } from 'kysely';
import type { IdCardIndex } from './person.repository.js';
import { likePart } from './text-search.js';

/**
 * What a manager's search box finds among people (alias `p`): a part of the name, of the phone
 * or of the account (1252 finds 13900001252, emp00 finds emp0036, zhang_san finds zhang_san),
 * in any letters' case on either database, or a whole ID number (sealed: found by its blind
 * index, never by a part). LIKE's own characters are searched for as themselves (a search for
 * % listed everybody).
 */
export function personTextMatch(text: string, ids: IdCardIndex) {
  const part = likePart(text);
  return sql<SqlBool>`(p.id_card_index = ${ids.index(text)} or lower(p.name) like ${part} escape '\\' or p.phone like ${part} escape '\\' or lower(p.account) like ${part} escape '\\')`;
}
