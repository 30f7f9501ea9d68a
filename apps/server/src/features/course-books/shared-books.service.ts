import { ErrorCode } from '@anxun/shared/errors';
import type { SharedBook, sharedBookQuery } from '@anxun/shared/schemas/course-books';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../core/audit.js';
import { publicFileUrl } from '../../core/file-url.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import { teachersOf } from './course-book-admin.service.js';
import {
  addSharedBook,
  findOfferedBook,
  findSharedBooks,
  removeSharedBook,
  type SharedBookRow,
} from './shared-books.repository.js';

/**
 * 平台课程 (issue: Console II): the platform operator publishes shared course books; a
 * training manager adds those he wants to his organisation's catalogue (then its learners
 * see them and its classes may take them) and takes them out again. A class that already has
 * a book keeps it, as with a retired book: its members' records hang on it.
 */

const toShared = (r: SharedBookRow): SharedBook => ({
  courseBookId: r.id,
  name: r.name,
  intro: r.intro,
  teachers: teachersOf(r.teachers),
  category: r.category,
  classHours: r.class_hours,
  coverUrl: r.cover_file_id ? publicFileUrl(r.cover_file_id) : null,
  unitCount: Number(r.unit_count ?? 0),
  questionCount: Number(r.question_count ?? 0),
  added: Number(r.added ?? 0) > 0,
  classCount: Number(r.class_count ?? 0),
});

export async function listSharedBooks(ctx: AppContext, user: AuthUser, query: z.output<typeof sharedBookQuery>) {
  const { rows, total } = await findSharedBooks(ctx.db, user.orgId, {
    q: query.q,
    offset: (query.current - 1) * query.size,
    limit: query.size,
  });
  return { records: rows.map(toShared), total };
}

/** Adds (or takes out) a platform book; doing it twice is no error. Audited when it changed something. */
export async function setSharedBookAdded(
  ctx: AppContext,
  user: AuthUser,
  bookId: string,
  added: boolean,
  ip: string,
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const book = await findOfferedBook(trx, bookId);
    // a book the platform retired or took back may still be taken out, never added
    if (!book && added) throw new AppError(ErrorCode.NOT_FOUND, '课程不存在');
    const changed = added
      ? await addSharedBook(trx, user.orgId, bookId, user.personId, now)
      : await removeSharedBook(trx, user.orgId, bookId);
    if (!changed) {
      if (!book) throw new AppError(ErrorCode.NOT_FOUND, '课程不存在');
      return;
    }
    await recordAudit(trx, {
      actor: user,
      ip,
      action: added ? 'course-book.add-shared' : 'course-book.remove-shared',
      targetType: 'course-book',
      targetId: bookId,
      summary: { after: { name: book?.name ?? bookId } },
      now,
    });
  });
}
