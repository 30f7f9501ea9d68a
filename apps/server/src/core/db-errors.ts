/** What a database refused, told apart the same way on SQLite and PostgreSQL. */
const text = (err: unknown) => `${(err as { code?: unknown })?.code ?? ''} ${(err as Error)?.message ?? ''}`;

/** A unique index refused a row (PostgreSQL 23505, SQLite "UNIQUE constraint failed"). */
export const isUniqueViolation = (err: unknown): boolean => /23505|unique|duplicate/i.test(text(err));

/** A foreign key refused a delete or insert (PostgreSQL 23503, SQLite "FOREIGN KEY constraint failed"). */
export const isForeignKeyViolation = (err: unknown): boolean => /23503|foreign key/i.test(text(err));

/**
 * The database could not be reached or took no more connections (PostgreSQL's connection
 * errors, the pool's connect timeout, a server shutting down, too many clients): nothing was
 * wrong with the request — another node, or a moment later, can serve it.
 */
export const isDatabaseUnreachable = (err: unknown): boolean =>
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|EPIPE|08\d\d\d|57P0[123]|53300) |Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
    text(err),
  );
