/** What a database refused, told apart the same way on SQLite and PostgreSQL. */
const text = (err: unknown) => `${(err as { code?: unknown })?.code ?? ''} ${(err as Error)?.message ?? ''}`;

/** A unique index refused a row (PostgreSQL 23505, SQLite "UNIQUE constraint failed"). */
export const isUniqueViolation = (err: unknown): boolean => /23505|unique|duplicate/i.test(text(err));

/** A foreign key refused a delete or insert (PostgreSQL 23503, SQLite "FOREIGN KEY constraint failed"). */
export const isForeignKeyViolation = (err: unknown): boolean => /23503|foreign key/i.test(text(err));

/**
 * The database could not be reached or took no more connections: PostgreSQL's connection
 * classes (08…, a server shutting down 57P0…, too many clients 53300), the pool's connect
 * timeout, a connection cut, or a refused connect — nothing was wrong with the request, and
 * another node, or a moment later, can serve it. A socket error of the request's own (a client
 * gone: ECONNRESET, EPIPE) is not this.
 */
export const isDatabaseUnreachable = (err: unknown): boolean =>
  /^(ECONNREFUSED|08\d\d\d|57P0[123]|53300) |Connection terminated|timeout exceeded when trying to connect/.test(
    text(err),
  );
