import { sql, type SqlBool } from 'kysely';
import type { IdCardIndex } from './person.repository.js';

/**
 * What a manager's search box finds among people (alias `p`): a part of the name, of the phone
 * or of the account (1252 finds 13900001252, emp00 finds emp0036), or a whole ID number (sealed:
 * found by its blind index, never by a part). LIKE's own characters are taken out of the text,
 * and a text of nothing else finds no one by a part (a search for % listed everybody).
 */
export function personTextMatch(text: string, ids: IdCardIndex) {
  const byId = sql<SqlBool>`p.id_card_index = ${ids.index(text)}`;
  const plain = text.replace(/[%_\\]/g, '');
  if (!plain) return byId;
  const part = `%${plain}%`;
  return sql<SqlBool>`(${byId} or p.name like ${part} or p.phone like ${part} or lower(p.account) like ${part.toLowerCase()})`;
}
