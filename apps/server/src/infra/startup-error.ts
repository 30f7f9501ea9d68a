/**
 * A server that cannot start for its settings or what they point at (a database or Redis out
 * of reach): the message names the variable to look at, without its password, and the
 * process stops with it alone — no stack trace for an operator to read through.
 */
export class StartupError extends Error {}

/** A connection URL as it may be shown: its password starred. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}

/** Runs a start-up step that reaches `name`'s service; its failure names the setting. */
export async function reaching<T>(name: 'DATABASE_URL' | 'REDIS_URL', url: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    const reason = (err as Error)?.message || String(err);
    const service = name === 'DATABASE_URL' ? 'the database' : 'Redis';
    throw new StartupError(
      `cannot start: ${service} at ${name}=${shownUrl(url)} could not be used (${reason}); start it, or set ${name} right`,
    );
  }
}
