import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, startServer } from '../../test/harness.js';
import { StartupError } from './startup-error.js';

/** A node that cannot reach its database or Redis stops saying which setting to look at. */
describe('starting without the services the settings point at', () => {
  it('names REDIS_URL, its password starred, when Redis cannot be reached', async () => {
    const failed = await startServer({ redisUrl: 'redis://:sekrit-word@127.0.0.1:1' }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failed).toBeInstanceOf(StartupError);
    const message = (failed as Error).message;
    expect(message).toContain('Redis at REDIS_URL=redis://:***@127.0.0.1:1');
    expect(message).toContain('start it, or set REDIS_URL right');
    expect(message).not.toContain('sekrit-word');
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'names DATABASE_URL, its password starred, when the database is not there',
    async () => {
      const url = new URL(TEST_DATABASE_URL ?? 'postgres://localhost/test');
      url.pathname = '/anxun_no_such_database';
      url.password = 'sekrit-word';
      const failed = await startServer({ databaseUrl: url.toString() }).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(failed).toBeInstanceOf(StartupError);
      const message = (failed as Error).message;
      expect(message).toContain('the database at DATABASE_URL=');
      expect(message).toContain('/anxun_no_such_database');
      expect(message).not.toContain('sekrit-word');
    },
  );
});
