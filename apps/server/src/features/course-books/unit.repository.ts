import { ownerIs, type BookOwner } from '../../core/book-owner.js';
import type { Db } from '../../infra/database.js';

/**
 * The console's side of course_warps and vods: a course book's units, made by the
 * transcoding job, ordered, renamed and removed by the manager. Learners read them through
 * the training feature's repositories.
 */

export async function findUnitsOfBook(db: Db, bookId: string) {
  return db
    .selectFrom('course_warps as w')
    .leftJoin('vods as v', 'v.id', 'w.vod_id')
    .select([
      'w.id',
      'w.title',
      'w.kind',
      'w.duration_seconds',
      'w.sort_order',
      'w.vod_id',
      'v.poster_key',
      'v.page_count',
    ])
    .select((eb) =>
      eb
        .selectFrom('train_warp_courses as twc')
        .select((q) => q.fn.count<number>('twc.train_person_id').distinct().as('n'))
        .whereRef('twc.warp_id', '=', 'w.id')
        .where((w) =>
          w.or([w('twc.study_length', '>', 0), w('twc.study_count', '>', 0), w('twc.start_time', 'is not', null)]),
        )
        .as('studied_by'),
    )
    .where('w.book_id', '=', bookId)
    .orderBy('w.sort_order')
    .orderBy('w.created_at')
    .execute();
}
export type UnitRow = Awaited<ReturnType<typeof findUnitsOfBook>>[number];

/** A unit of one of the owner's books (an organisation, or null: the platform's shared books). */
export async function findOwnUnit(db: Db, owner: BookOwner, warpId: string) {
  return db
    .selectFrom('course_warps as w')
    .innerJoin('course_books as b', 'b.id', 'w.book_id')
    .leftJoin('vods as v', 'v.id', 'w.vod_id')
    .select(['w.id', 'w.book_id', 'w.title', 'w.vod_id', 'v.storage_key', 'v.poster_key', 'b.status', 'b.retired_at'])
    .where('b.org_id', ownerIs(owner), owner)
    .where('w.id', '=', warpId)
    .executeTakeFirst();
}

export async function insertUnit(
  db: Db,
  unit: {
    warpId: string;
    vodId: string;
    bookId: string;
    kind: 'video' | 'document';
    title: string;
    storageKey: string;
    contentType: string;
    posterKey: string | null;
    pageCount: number | null;
    size: number;
    durationSeconds: number;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('vods')
    .values({
      id: unit.vodId,
      storage_key: unit.storageKey,
      content_type: unit.contentType,
      size: unit.size,
      duration_seconds: unit.durationSeconds,
      poster_key: unit.posterKey,
      page_count: unit.pageCount,
      created_at: unit.now,
    })
    .execute();
  const last = await db
    .selectFrom('course_warps')
    .select((eb) => eb.fn.max('sort_order').as('n'))
    .where('book_id', '=', unit.bookId)
    .executeTakeFirst();
  await db
    .insertInto('course_warps')
    .values({
      id: unit.warpId,
      book_id: unit.bookId,
      sort_order: Number(last?.n ?? 0) + 1,
      title: unit.title,
      kind: unit.kind,
      duration_seconds: unit.durationSeconds,
      vod_id: unit.vodId,
      created_at: unit.now,
    })
    .execute();
}

export async function renameUnit(db: Db, warpId: string, title: string): Promise<void> {
  await db.updateTable('course_warps').set({ title }).where('id', '=', warpId).execute();
}

/** Numbers the book's units 1…n in the given order (the caller passed exactly its units). */
export async function reorderUnits(db: Db, bookId: string, warpIds: string[]): Promise<void> {
  for (const [i, id] of warpIds.entries()) {
    await db
      .updateTable('course_warps')
      .set({ sort_order: i + 1 })
      .where('id', '=', id)
      .where('book_id', '=', bookId)
      .execute();
  }
}

/** Removes a unit, and its video when no other unit plays it; true when the video went too. */
export async function deleteUnit(db: Db, warpId: string, vodId: string | null): Promise<boolean> {
  await db.deleteFrom('course_warps').where('id', '=', warpId).execute();
  if (!vodId) return false;
  const res = await db
    .deleteFrom('vods')
    .where('id', '=', vodId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('course_warps').select('id').where('vod_id', '=', vodId))))
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function touchBook(db: Db, bookId: string, now: number): Promise<void> {
  await db.updateTable('course_books').set({ updated_at: now }).where('id', '=', bookId).execute();
}
