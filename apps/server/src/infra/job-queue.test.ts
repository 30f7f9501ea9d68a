import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startServer, type TestServer } from '../../test/harness.js';
import { createJobRunner, enqueueJob, findJob } from './job-queue.js';

/**
 * A quick job (a certificate to issue) runs while a long one (a transcode) holds every slot of
 * its node: it takes a lane of its own instead of waiting minutes behind it.
 */
describe.each(dialects)('the job runner on $name', ({ databaseUrl }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ databaseUrl });
  });
  afterAll(() => server.close());

  it('runs a quick job beside a long one that holds the only slot', async () => {
    const db = server.ctx.db;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const done: string[] = [];
    const runner = createJobRunner(db, server.ctx.dialect, {
      concurrency: 1,
      leaseMs: 30_000,
      pollMs: 100,
      now: Date.now,
    });
    runner.register({
      kind: 'test.long',
      maxAttempts: 1,
      async run() {
        await held;
        done.push('long');
        return async () => undefined;
      },
    });
    runner.register({
      kind: 'test.quick',
      maxAttempts: 1,
      quick: true,
      async run() {
        done.push('quick');
        return async () => undefined;
      },
    });
    const job = (kind: string) =>
      enqueueJob(db, { kind, orgId: null, subjectId: null, payload: {}, createdBy: null }, Date.now());
    const long = await job('test.long');
    const another = await job('test.long');
    const quick = await job('test.quick');
    runner.start();
    try {
      await expect.poll(async () => (await findJob(db, quick))?.status, { timeout: 10_000 }).toBe('done');
      expect(done).toEqual(['quick']);
      // the long lane still takes one at a time
      expect((await findJob(db, another))?.status).toBe('queued');
      release();
      await expect.poll(async () => (await findJob(db, another))?.status, { timeout: 10_000 }).toBe('done');
      expect((await findJob(db, long))?.status).toBe('done');
    } finally {
      release();
      await runner.stop();
    }
  });
});
