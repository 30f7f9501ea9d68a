import { describe, expect, it } from 'vitest';
import { dialects, startServer } from '../../test/harness.js';
import { DEMO_LEARNER } from './demo-accounts.js';
import { seedDemoLearning } from './demo-learning-seed.js';
import { seedDemoData } from './demo-seed.js';

/**
 * Two nodes started at once on an empty database both seeded the demo class (two classes,
 * four books, the learner enrolled twice). The seeds claim the work first: one node seeds,
 * the other leaves it.
 */
describe.each(dialects)('the demo seed run by two nodes at once on $name', ({ databaseUrl }) => {
  it('makes one organisation, one class and one set of books', async () => {
    const server = await startServer({ databaseUrl, env: { DEMO_SEED: 'false' } });
    try {
      const ctx = server.ctx;
      const seeded = await Promise.all([seedDemoData(ctx), seedDemoData(ctx)]);
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const learned = await Promise.all([seedDemoLearning(ctx), seedDemoLearning(ctx)]);
      expect(learned.filter(Boolean)).toHaveLength(1);
      const count = async (table: 'organisations' | 'train_classes' | 'course_books') =>
        Number(
          (
            await ctx.db
              .selectFrom(table)
              .select((e) => e.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count('organisations')).toBe(1);
      expect(await count('train_classes')).toBe(1);
      expect(await count('course_books')).toBe(2);
      const enrolments = await ctx.db
        .selectFrom('train_persons as tp')
        .innerJoin('persons as p', 'p.id', 'tp.person_id')
        .select('tp.id')
        .where('p.account', '=', DEMO_LEARNER.account)
        .execute();
      expect(enrolments).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
