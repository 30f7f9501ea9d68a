import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../app-context.js';
import { enrolPerson } from '../core/training-records.repository.js';
import { claimState, clearState } from '../infra/server-state.js';
import { DEMO_LEARNER, DEMO_ORG } from './demo-accounts.js';
import { seedDemoCommunity } from './demo-community-seed.js';
import { SERVER_ROOT } from '../server-root.js';

const COURSEWARE_DIR = path.join(SERVER_ROOT, 'src/seed/courseware');
/** The demo books' question banks (single, multiple, true/false, fill-in; with analyses). */
const QUESTIONS_DIR = path.join(SERVER_ROOT, 'src/seed/questions');

interface SeedQuestion {
  kind: 'single' | 'multiple' | 'judge' | 'fill';
  stem: string;
  options?: string[];
  answer: unknown;
  analysis: string;
}

async function seedQuestions(ctx: AppContext, bookId: string, file: string, now: number): Promise<void> {
  if (!fs.existsSync(file)) return;
  const questions = JSON.parse(fs.readFileSync(file, 'utf8')) as SeedQuestion[];
  await ctx.db
    .insertInto('questions')
    .values(
      questions.map((q, i) => ({
        id: crypto.randomUUID(),
        book_id: bookId,
        kind: q.kind,
        stem: q.stem,
        options: JSON.stringify(q.options ?? []),
        answer: JSON.stringify(q.answer),
        analysis: q.analysis,
        sort_order: i + 1,
        created_at: now,
      })),
    )
    .execute();
}

interface Manifest {
  books: Array<{
    key: string;
    name: string;
    intro: string;
    teachers: string[];
    hours: number;
    units: Array<{ title: string; file: string; durationSeconds: number }>;
  }>;
}

export const DEMO_CLASS_NAME = '2026年度全员安全生产培训班';

/**
 * The demo class: the two course books of seed/courseware (real narrated videos, stored
 * through the file store like any upload) and the demo learner enrolled. Runs when the
 * demo organisation exists and has no class yet, so a database seeded by an earlier
 * version gets its courses too. One node seeds it (a claim in server_state), however many
 * start together.
 */
export async function seedDemoLearning(ctx: AppContext): Promise<boolean> {
  const org = await ctx.db
    .selectFrom('organisations')
    .select('id')
    .where('code', '=', DEMO_ORG.code)
    .executeTakeFirst();
  if (!org) return false;
  const hasClass = await ctx.db
    .selectFrom('train_classes')
    .select('id')
    .where('org_id', '=', org.id)
    .executeTakeFirst();
  if (hasClass) return false;
  // two nodes starting at once on an empty database: the one whose claim is recorded seeds
  const claim = crypto.randomUUID();
  if ((await claimState(ctx.db, 'demo-seed:learning', claim)) !== claim) return false;
  try {
    return await seedClass(ctx, org.id);
  } catch (err) {
    // a seed that failed half-way is tried again at the next start, not left to no one
    await clearState(ctx.db, 'demo-seed:learning');
    throw err;
  }
}

async function seedClass(ctx: AppContext, orgId: string): Promise<boolean> {
  const org = { id: orgId };
  const learner = await ctx.db
    .selectFrom('persons')
    .select('id')
    .where('account', '=', DEMO_LEARNER.account)
    .executeTakeFirst();

  const manifest = JSON.parse(fs.readFileSync(path.join(COURSEWARE_DIR, 'manifest.json'), 'utf8')) as Manifest;
  const now = ctx.now();
  const classId = crypto.randomUUID();
  const bookIds: Array<{ id: string; hours: number }> = [];
  const questionSets: Array<{ bookId: string; file: string }> = [];

  for (const [bookIndex, book] of manifest.books.entries()) {
    const bookId = crypto.randomUUID();
    // The demo videos are short: the course's 学时 are what its units actually take
    // (1 学时 = 30 minutes), so watching them all completes the course.
    const totalSeconds = book.units.reduce((sum, u) => sum + u.durationSeconds, 0);
    const hours = Math.floor((totalSeconds / 1800) * 100) / 100;
    bookIds.push({ id: bookId, hours });
    questionSets.push({ bookId, file: `${book.key}.json` });
    await ctx.db
      .insertInto('course_books')
      .values({
        id: bookId,
        org_id: org.id,
        name: book.name,
        intro: book.intro,
        cover_file_id: null,
        teachers: JSON.stringify(book.teachers),
        class_hours: hours,
        popularity: 100 - bookIndex * 10,
        created_at: now,
      })
      .execute();
    for (const [i, unit] of book.units.entries()) {
      const data = fs.readFileSync(path.join(COURSEWARE_DIR, unit.file));
      const vodId = crypto.randomUUID();
      const storageKey = `vod/${vodId}.mp4`;
      await ctx.files.put(storageKey, data);
      await ctx.db
        .insertInto('vods')
        .values({
          id: vodId,
          storage_key: storageKey,
          content_type: 'video/mp4',
          size: data.length,
          duration_seconds: unit.durationSeconds,
          created_at: now,
        })
        .execute();
      await ctx.db
        .insertInto('course_warps')
        .values({
          id: crypto.randomUUID(),
          book_id: bookId,
          sort_order: i + 1,
          title: unit.title,
          duration_seconds: unit.durationSeconds,
          vod_id: vodId,
          created_at: now,
        })
        .execute();
    }
  }

  await ctx.db
    .insertInto('train_classes')
    .values({
      id: classId,
      org_id: org.id,
      name: DEMO_CLASS_NAME,
      teacher: '王消防',
      start_date: now,
      end_date: now + 365 * 86400_000,
      // identity checked by face at the start of each session, at random moments (within
      // every 10 minutes of study) and at the end of each unit; two minutes to respond
      rules: JSON.stringify({
        faceCheck: { enabled: true, atStart: true, atEnd: true, randomEveryMinutes: 10, windowSeconds: 120 },
        // each course ends with its exam (national practice: 120 minutes, 100 points, pass at 80, one retake)
        exam: { required: true, durationMinutes: 120, totalScore: 100, passScore: 80, retakes: 1 },
      }),
      created_at: now,
    })
    .execute();
  for (const [i, book] of bookIds.entries()) {
    await ctx.db
      .insertInto('train_class_courses')
      .values({
        id: crypto.randomUUID(),
        class_id: classId,
        book_id: book.id,
        sort_order: i + 1,
        class_hours: book.hours,
        created_at: now,
      })
      .execute();
  }
  for (const set of questionSets) await seedQuestions(ctx, set.bookId, path.join(QUESTIONS_DIR, set.file), now);
  await seedDemoCommunity(
    ctx,
    org.id,
    classId,
    bookIds.map((b) => b.id),
  );
  // the demo learner joins last: the newest member of the class
  if (learner) await enrolPerson(ctx.db, classId, learner.id, now);
  return true;
}
