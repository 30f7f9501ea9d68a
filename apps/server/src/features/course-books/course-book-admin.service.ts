import crypto from 'node:crypto';
import { ErrorCode } from '@anxun/shared/errors';
import type { CreateBookBody, ManagedBook, managedBookQuery, updateBookBody } from '@anxun/shared/schemas/course-books';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { changedFields, recordAudit } from '../../core/audit.js';
import { bookOwnerOf } from '../../core/book-owner.js';
import { publicFileUrl } from '../../core/file-url.js';
import { recordTime } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import { hoursShortfall } from './book-length.js';
import {
  findOwnBook,
  findOwnBooks,
  insertBook,
  lockOwnBook,
  updateBook,
  type OwnBookRow,
} from './course-book-admin.repository.js';

/**
 * 课程管理 (issue: Console II): the organisation's own course books (for the platform
 * operator: the platform's shared books, core/book-owner) — created as drafts
 * (learners see none of them), edited, published once they hold a unit, taken back to draft
 * while no class uses them, retired (gone from the catalogue; classes keep their records).
 */

export const teachersOf = (json: string): string[] => {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
};

const toManaged = (ctx: AppContext, r: OwnBookRow): ManagedBook => ({
  courseBookId: r.id,
  name: r.name,
  intro: r.intro,
  teachers: teachersOf(r.teachers),
  category: r.category,
  classHours: r.class_hours,
  coverUrl: r.cover_file_id ? publicFileUrl(r.cover_file_id) : null,
  status: r.retired_at !== null ? 'retired' : r.status === 'draft' ? 'draft' : 'published',
  unitCount: Number(r.unit_count ?? 0),
  unitSeconds: Number(r.unit_seconds ?? 0),
  // said before publishing is refused for it (the default 2 学时 over a few short videos)
  hoursShort: hoursShortfall(ctx.config.study.secondsPerClassHour, Number(r.unit_seconds ?? 0), r.class_hours) ?? null,
  questionCount: Number(r.question_count ?? 0),
  classCount: Number(r.class_count ?? 0),
  updatedAt: recordTime(r.updated_at ?? r.created_at),
});

async function own(ctx: AppContext, user: AuthUser, id: string): Promise<OwnBookRow> {
  const row = await findOwnBook(ctx.db, bookOwnerOf(user), id);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '课程不存在');
  return row;
}

export async function listOwnBooks(ctx: AppContext, user: AuthUser, query: z.output<typeof managedBookQuery>) {
  const { rows, total } = await findOwnBooks(ctx.db, bookOwnerOf(user), {
    status: query.status,
    q: query.q,
    offset: (query.current - 1) * query.size,
    limit: query.size,
  });
  return { records: rows.map((r) => toManaged(ctx, r)), total };
}

async function audited(
  ctx: AppContext,
  user: AuthUser,
  ip: string,
  entry: { action: string; id: string; summary: Parameters<typeof recordAudit>[1]['summary'] },
  work: (trx: AppContext['db']) => Promise<void>,
) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await work(trx);
    await recordAudit(trx, {
      actor: user,
      ip,
      action: entry.action,
      targetType: 'course-book',
      targetId: entry.id,
      summary: entry.summary,
      now,
    });
  });
}

export async function createBook(ctx: AppContext, user: AuthUser, body: CreateBookBody, ip: string) {
  const id = crypto.randomUUID();
  const now = ctx.now();
  await audited(ctx, user, ip, { action: 'course-book.create', id, summary: { after: { name: body.name } } }, (trx) =>
    insertBook(trx, {
      id,
      org_id: bookOwnerOf(user),
      name: body.name,
      intro: body.intro ?? '',
      cover_file_id: null,
      teachers: JSON.stringify(body.teachers ?? []),
      class_hours: body.classHours,
      created_at: now,
      updated_at: now,
      status: 'draft',
      category: body.category?.trim() ?? '',
    }),
  );
  return toManaged(ctx, await own(ctx, user, id));
}

export async function editBook(
  ctx: AppContext,
  user: AuthUser,
  id: string,
  body: z.output<typeof updateBookBody>,
  ip: string,
) {
  const before = await own(ctx, user, id);
  // a published book's new classes take its 学时: never more than its units can credit
  // (only a raise is refused: a book short already may be renamed, or its 学时 lowered to mend it)
  if (
    body.classHours !== undefined &&
    body.classHours > before.class_hours &&
    before.status === 'published' &&
    before.retired_at === null
  ) {
    const short = hoursShortfall(
      ctx.config.study.secondsPerClassHour,
      Number(before.unit_seconds ?? 0),
      body.classHours,
    );
    if (short) throw new AppError(ErrorCode.BAD_REQUEST, short);
  }
  await audited(
    ctx,
    user,
    ip,
    {
      action: 'course-book.update',
      id,
      summary: changedFields(
        {
          name: before.name,
          intro: before.intro,
          teachers: teachersOf(before.teachers),
          category: before.category,
          classHours: before.class_hours,
        },
        { ...body, category: body.category?.trim() },
      ),
    },
    (trx) =>
      updateBook(trx, id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.intro !== undefined ? { intro: body.intro } : {}),
        ...(body.teachers !== undefined ? { teachers: JSON.stringify(body.teachers) } : {}),
        ...(body.category !== undefined ? { category: body.category.trim() } : {}),
        ...(body.classHours !== undefined ? { class_hours: body.classHours } : {}),
        updated_at: ctx.now(),
      }),
  );
  return toManaged(ctx, await own(ctx, user, id));
}

export type BookAction = 'publish' | 'unpublish' | 'retire' | 'restore';

/** Publish (it must hold a unit), back to draft (no class may use it), retire, restore. */
export async function changeBookState(ctx: AppContext, user: AuthUser, id: string, action: BookAction, ip: string) {
  const refuse = (msg: string) => new AppError(ErrorCode.DUPLICATE, msg);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    // checked under the book's row lock: a class cannot take it while it goes back to draft
    const row = await lockOwnBook(trx, ctx.dialect, bookOwnerOf(user), id);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, '课程不存在');
    const book = toManaged(ctx, row);
    if (action === 'publish') {
      if (book.status === 'retired') throw refuse('课程已停用，请先恢复');
      if (book.unitCount === 0) throw refuse('课程还没有课件，不能发布');
      if (book.hoursShort) throw refuse(`${book.hoursShort}，不能发布`);
    }
    // a retired book was free to change: it comes back published only if it can be completed
    if (action === 'restore' && row.status === 'published' && row.retired_at !== null) {
      if (book.hoursShort) throw refuse(`${book.hoursShort}，不能恢复`);
    }
    if (action === 'unpublish' && book.classCount > 0) throw refuse('已有班级在学这门课程，不能撤回为草稿');
    const values =
      action === 'publish'
        ? { status: 'published' }
        : action === 'unpublish'
          ? { status: 'draft' }
          : action === 'retire'
            ? { retired_at: now }
            : { retired_at: null };
    await updateBook(trx, id, { ...values, updated_at: now });
    await recordAudit(trx, {
      actor: user,
      ip,
      action: `course-book.${action}`,
      targetType: 'course-book',
      targetId: id,
      // the state before and after, as the log reads it (发布 showed only 草稿, the state it left)
      summary:
        action === 'restore'
          ? { before: { status: 'retired' }, after: { retired: false } }
          : {
              before: { status: book.status },
              after: { status: action === 'publish' ? 'published' : action === 'unpublish' ? 'draft' : 'retired' },
            },
      now,
    });
  });
  return toManaged(ctx, await own(ctx, user, id));
}
