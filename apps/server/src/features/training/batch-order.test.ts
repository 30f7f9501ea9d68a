import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateToken } from '../../core/session.service.js';
import {
  addLearner,
  dialects,
  enrolInDemoClass,
  login,
  startServer,
  tomorrowAt,
  turnOffFaceChecks,
  type TestServer,
} from '../../../test/harness.js';
import { CreditBatcher, type CreditJob } from './study-credit.service.js';

/**
 * Batches of two reports each, so that one learner's run of reports spans many batches, and
 * on PostgreSQL up to three batches are open at once: a learner's reports must still be
 * decided in the order they came (a later one decided first would make the earlier a replay)
 * and his credit must be counted once.
 */
describe.each(dialects)('credit batches on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let now = tomorrowAt(2);
  const learners: Array<{ personId: string; sessionId: string; warpCourseId: string }> = [];

  beforeAll(async () => {
    server = await startServer({
      databaseUrl,
      now: () => now,
      configure: (config) => {
        config.study.batchMax = 2;
      },
    });
    await turnOffFaceChecks(server);
    for (let i = 0; i < 8; i++) {
      const personId = await addLearner(server, { account: `order-${i}`, password: 'Passw0rd!' });
      await enrolInDemoClass(server, personId);
      const token = (await login(server, `order-${i}`, 'Passw0rd!')).body.data.credentials.accessToken as string;
      const user = await authenticateToken(server.ctx, token);
      const unit = await server.ctx.db
        .selectFrom('train_warp_courses as wc')
        .innerJoin('train_persons as tp', 'tp.id', 'wc.train_person_id')
        .innerJoin('course_warps as w', 'w.id', 'wc.warp_id')
        .select('wc.id')
        .where('tp.person_id', '=', personId)
        .orderBy('w.duration_seconds', 'desc')
        .executeTakeFirstOrThrow();
      learners.push({ personId, sessionId: user.sessionId, warpCourseId: unit.id });
    }
  });
  afterAll(() => server.close());

  it("decides each learner's reports in the order they came, across concurrent batches", async () => {
    const batcher = new CreditBatcher(server.ctx);
    const job = (k: number, seq: number, position: number): CreditJob => ({
      personId: learners[k]!.personId,
      sessionId: learners[k]!.sessionId,
      warpCourseId: learners[k]!.warpCourseId,
      report: {
        playbackId: `order-${k}`,
        seq,
        position,
        rate: 1,
        hidden: false,
      },
      ip: '127.0.0.1',
      userAgent: 'test',
    });
    // every learner starts a playback
    await Promise.all(learners.map((_, k) => batcher.submit(job(k, 1, 0))));
    now += 10_000;
    // then each sends reports 2…6 at once, as a player's retries after a dropped connection
    // would, interleaved with everyone else's: 40 reports in batches of two
    const outcomes = await Promise.all(
      [2, 3, 4, 5, 6].flatMap((seq) =>
        learners.map((_, k) => batcher.submit(job(k, seq, 10)).then((o) => ({ k, seq, o }))),
      ),
    );
    for (const { k, seq, o } of outcomes) {
      // the first of them earns the ten seconds; the rest are at the same position, nothing more
      expect(o.decision.refusal, `learner ${k}, report ${seq}`).toBeUndefined();
      expect(o.decision.creditedSeconds, `learner ${k}, report ${seq}`).toBe(seq === 2 ? 10 : 0);
    }
    await batcher.idle();
    const rows = await server.ctx.db
      .selectFrom('train_warp_courses')
      .select(['id', 'study_length'])
      .where(
        'id',
        'in',
        learners.map((l) => l.warpCourseId),
      )
      .execute();
    expect(rows.map((r) => r.study_length)).toEqual(learners.map(() => 10));
    // the audit trail keeps every decision, its ids in the order they were made (time-ordered
    // ids: a batch's rows go to the end of the key's index)
    const events = await server.ctx.db
      .selectFrom('study_events')
      .select(['person_id', 'seq'])
      .where('playback_id', 'like', 'order-%')
      .orderBy('id')
      .execute();
    expect(events).toHaveLength(48);
    for (const learner of learners) {
      expect(events.filter((e) => e.person_id === learner.personId).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    }
  });
});
