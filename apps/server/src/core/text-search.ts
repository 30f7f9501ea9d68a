import { sql, type SqlBool } from 'kysely';

/**
 * A search box's words as a LIKE pattern for "contains", in lower case: LIKE's own characters
 * are searched for as themselves (a search for % listed everything, ____ every fill-in), with
 * `escape '\'` beside it.
 */
export const likePart = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** The column holds the words, in any letters' case on either database (SQLite's LIKE ignores case, PostgreSQL's does not). */
export const containsText = (column: string, text: string) =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${likePart(text)} escape '\\'`;
