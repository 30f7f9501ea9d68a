/** What a database refused, told apart the same way on SQLite and PostgreSQL. */
const text = (err: unknown) => `${(err as { code?: unknown })?.code ?? ''} ${(err as Error)?.message ?? ''}`;

/** A unique index refused a row (PostgreSQL 23505, SQLite "UNIQUE constraint failed"). */
export const isUniqueViolation = (err: unknown): boolean => /23505|unique|duplicate/i.test(text(err));

/** A foreign key refused a delete or insert (PostgreSQL 23503, SQLite "FOREIGN KEY constraint failed"). */
export const isForeignKeyViolation = (err: unknown): boolean => /23503|foreign key/i.test(text(err));
