import { ErrorCode } from '@anxun/shared/errors';
import type { CourseBook, CourseInfo, CourseUnit, CourseUseState } from '@anxun/shared/schemas/training';
import type { classSyllabusCourse } from '@anxun/shared/schemas/training';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { bookOwnerOf } from '../../core/book-owner.js';
import { publicFileUrl, signedPlayUrl } from '../../core/file-url.js';
import type { AuthUser } from '../../core/session.service.js';
import { viewerOrgId } from '../../core/viewer.js';
import { AppError } from '../../http/app-error.js';
import { findClassSyllabus, findMembership, findPersonCoursesOfBook } from './class.repository.js';
import {
  countLearnersOfBook,
  findBookOfOrg,
  findBooks,
  findUnitOfOrg,
  findUnitsOfBook,
  type BookRow,
} from './course-book.repository.js';
import { toPersonCourse } from './course-record.mapper.js';
import { parseTeachers } from './format.js';

/**
 * Course books (spec §7 "Course book"). The catalogue is what an organisation offers, so a
 * guest may browse it (the home page, naming the organisation); a signed-in person sees his
 * organisation's.
 */

type Viewer = AuthUser | undefined;
const bookNotFound = () => new AppError(ErrorCode.NOT_FOUND, '课程不存在');

function toCourseBook(row: BookRow): CourseBook {
  return {
    courseBookId: row.id,
    name: row.name,
    intro: row.intro,
    teachers: parseTeachers(row.teachers),
    classHours: row.class_hours,
    popularity: row.popularity,
    coverUrl: row.cover_file_id ? publicFileUrl(row.cover_file_id) : null,
    unitCount: Number(row.unit_count ?? 0),
    durationSeconds: Math.round(Number(row.duration ?? 0)),
  };
}

async function bookFor(ctx: AppContext, viewer: Viewer, id: string): Promise<BookRow> {
  const book = await findBookOfOrg(ctx.db, await viewerOrgId(ctx, viewer, undefined), id);
  if (!book) throw bookNotFound();
  return book;
}

/** A page of the catalogue, newest or most popular first, searchable by name. */
export async function listBooks(
  ctx: AppContext,
  viewer: Viewer,
  query: { current: number; size: number; name?: string | undefined; OrgCode?: string | undefined },
  orderBy: 'created' | 'popularity',
  ip: string,
) {
  const orgId = await viewerOrgId(ctx, viewer, query.OrgCode, ip);
  const { rows, total } = await findBooks(ctx.db, orgId, {
    name: query.name,
    offset: (query.current - 1) * query.size,
    limit: query.size,
    orderBy,
  });
  return { records: rows.map(toCourseBook), total };
}

export async function getBook(ctx: AppContext, viewer: Viewer, id: string): Promise<CourseBook> {
  return toCourseBook(await bookFor(ctx, viewer, id));
}

/** A course book with its learner count and images (the course page). */
export async function getCourseInfo(ctx: AppContext, viewer: Viewer, id: string): Promise<CourseInfo> {
  const orgId = await viewerOrgId(ctx, viewer, undefined);
  const book = await bookFor(ctx, viewer, id);
  const info = toCourseBook(book);
  return {
    ...info,
    learnerCount: await countLearnersOfBook(ctx.db, orgId, book.id),
    images: info.coverUrl ? [info.coverUrl] : [],
  };
}

/** A course book's units (no video URLs: those come with enrolment). */
export async function listUnits(ctx: AppContext, viewer: Viewer, bookId: string): Promise<CourseUnit[]> {
  const book = await bookFor(ctx, viewer, bookId);
  const units = await findUnitsOfBook(ctx.db, book.id);
  return units.map((u) => ({
    courseWarpId: u.id,
    courseBookId: u.book_id,
    sortOrder: u.sort_order,
    title: u.title,
    kind: u.kind,
    durationSeconds: u.duration_seconds,
  }));
}

/** A class's courses with their units, for a learner of that class. */
export async function classSyllabus(ctx: AppContext, user: AuthUser, classId: string) {
  if (!(await findMembership(ctx.db, classId, user.personId))) {
    throw new AppError(ErrorCode.NOT_FOUND, '班级不存在');
  }
  const courses = new Map<string, z.infer<typeof classSyllabusCourse>>();
  for (const row of await findClassSyllabus(ctx.db, classId)) {
    let course = courses.get(row.class_course_id);
    if (!course) {
      course = {
        trainClassCourseId: row.class_course_id,
        courseBookId: row.book_id,
        courseName: row.name,
        classHours: row.class_hours,
        units: [],
      };
      courses.set(row.class_course_id, course);
    }
    if (row.warp_id !== null) {
      course.units.push({
        courseWarpId: row.warp_id,
        courseBookId: row.book_id,
        sortOrder: row.sort_order ?? 0,
        title: row.title ?? '',
        kind: row.kind ?? 'video',
        durationSeconds: row.duration_seconds ?? 0,
      });
    }
  }
  return [...courses.values()];
}

/** Whether the viewer studies a course book, and his records of it (a guest: not enrolled). */
export async function courseUseState(ctx: AppContext, viewer: Viewer, bookId: string): Promise<CourseUseState> {
  if (!viewer) return { enrolled: false, records: [] };
  const rows = await findPersonCoursesOfBook(ctx.db, bookId, viewer.personId);
  const records = rows.map((r) => toPersonCourse(r, ctx.config.study.secondsPerClassHour, ctx.now()));
  return { enrolled: records.length > 0, records };
}

/** A unit's short-lived play URL for a training manager (or the platform operator) reviewing courseware. */
export async function previewUrl(ctx: AppContext, manager: AuthUser, unitId: string) {
  const unit = await findUnitOfOrg(ctx.db, bookOwnerOf(manager), unitId);
  if (!unit) throw new AppError(ErrorCode.NOT_FOUND, '课件不存在');
  return {
    courseWarpId: unit.id,
    playUrl: unit.vod_id ? signedPlayUrl(ctx.keys.secret, unit.vod_id, ctx.now()) : null,
  };
}
