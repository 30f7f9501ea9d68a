import { Role } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import {
  classSyllabusCourse,
  classWarpQuery,
  courseBook,
  courseBookQuery,
  courseInfo,
  courseUnit,
  courseUnitsQuery,
  courseUseState,
  courseUseStateQuery,
  pageOf,
  playUrlResult,
} from '@anxun/shared/schemas/training';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { publicFileUrl, signedPlayUrl } from '../../core/file-url.js';
import { findViewer, viewerOrgId } from '../../core/viewer.js';
import { AppError, ok } from '../../http/app-error.js';
import { requireUser, userOf } from '../../http/auth-guard.js';
import { findClassSyllabus, findMembership, findPersonCoursesOfBook } from './class.repository.js';
import { toPersonCourse } from './course-record.mapper.js';
import { parseTeachers } from './format.js';
import {
  countLearnersOfBook,
  findBookOfOrg,
  findBooks,
  findUnitOfOrg,
  findUnitsOfBook,
  type BookRow,
} from './course-book.repository.js';

function toCourseBook(row: BookRow): z.infer<typeof courseBook> {
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

/**
 * Course books (spec §7 "Course book"). The catalogue is what an organisation offers, so a
 * guest may browse it (the home page); a signed-in learner sees their organisation's.
 */
export const courseBookRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['course book'];
    const errors = { 400: errorEnvelope, 404: errorEnvelope };

    const orgOf = async (request: FastifyRequest, orgCode: string | undefined): Promise<string> =>
      viewerOrgId(ctx, await findViewer(ctx, request), orgCode);

    for (const [path, orderBy, summary] of [
      ['/api/course/book/select-page', 'created', 'Course books, paged and searchable by name'],
      ['/api/course/book/select-thermal-page', 'popularity', 'Popular course books, paged'],
    ] as const) {
      app.get(
        path,
        {
          schema: {
            tags,
            summary,
            querystring: courseBookQuery,
            response: { 200: envelope(pageOf(courseBook)), ...errors },
          },
        },
        async (request) => {
          const { current, size, name, OrgCode } = request.query;
          const orgId = await orgOf(request, OrgCode);
          const { rows, total } = await findBooks(ctx.db, orgId, {
            name,
            offset: (current - 1) * size,
            limit: size,
            orderBy,
          });
          return ok({ records: rows.map(toCourseBook), total });
        },
      );
    }

    app.get(
      '/api/course/book/select/:id',
      {
        schema: {
          tags,
          summary: 'One course book',
          params: idParam,
          response: { 200: envelope(courseBook), ...errors },
        },
      },
      async (request) => {
        const book = await findBookOfOrg(ctx.db, await orgOf(request, undefined), request.params.id);
        if (!book) throw new AppError(ErrorCode.NOT_FOUND, '课程不存在');
        return ok(toCourseBook(book));
      },
    );

    app.get(
      '/api/course/book/find-course-info/:id',
      {
        schema: {
          tags,
          summary: 'A course book with teachers, learner count and images',
          params: idParam,
          response: { 200: envelope(courseInfo), ...errors },
        },
      },
      async (request) => {
        const book = await findBookOfOrg(ctx.db, await orgOf(request, undefined), request.params.id);
        if (!book) throw new AppError(ErrorCode.NOT_FOUND, '课程不存在');
        const info = toCourseBook(book);
        return ok({
          ...info,
          learnerCount: await countLearnersOfBook(ctx.db, book.id),
          images: info.coverUrl ? [info.coverUrl] : [],
        });
      },
    );

    for (const path of ['/api/course/book/select-course-warp', '/api/course/couwarp/select-warp-use-List']) {
      app.get(
        path,
        {
          schema: {
            tags,
            summary: "A course book's courseware units (no video URLs: those come with enrolment)",
            querystring: courseUnitsQuery,
            response: { 200: envelope(z.array(courseUnit)), ...errors },
          },
        },
        async (request) => {
          const book = await findBookOfOrg(ctx.db, await orgOf(request, undefined), request.query.courseBookId);
          if (!book) throw new AppError(ErrorCode.NOT_FOUND, '课程不存在');
          const units = await findUnitsOfBook(ctx.db, book.id);
          return ok(
            units.map((u) => ({
              courseWarpId: u.id,
              courseBookId: u.book_id,
              sortOrder: u.sort_order,
              title: u.title,
              kind: u.kind,
              durationSeconds: u.duration_seconds,
            })),
          );
        },
      );
    }

    app.get(
      '/api/course/book/select-class-warp',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: "A class's courses with their courseware units (the learner's own classes only)",
          querystring: classWarpQuery,
          response: { 200: envelope(z.array(classSyllabusCourse)), ...errors },
        },
      },
      async (request) => {
        const { trainClassId } = request.query;
        if (!(await findMembership(ctx.db, trainClassId, userOf(request).personId))) {
          throw new AppError(ErrorCode.NOT_FOUND, '班级不存在');
        }
        const courses = new Map<string, z.infer<typeof classSyllabusCourse>>();
        for (const row of await findClassSyllabus(ctx.db, trainClassId)) {
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
        return ok([...courses.values()]);
      },
    );

    app.get(
      '/api/course/book/select-course-use-State',
      {
        schema: {
          tags,
          summary: 'Whether the learner studies a course book, and their records of it (guests: not enrolled)',
          querystring: courseUseStateQuery,
          response: { 200: envelope(courseUseState), ...errors },
        },
      },
      async (request) => {
        const user = await findViewer(ctx, request);
        if (!user) return ok({ enrolled: false, records: [] });
        const rows = await findPersonCoursesOfBook(ctx.db, request.query.courseBookId, user.personId);
        const records = rows.map((r) => toPersonCourse(r, ctx.config.study.secondsPerClassHour));
        return ok({ enrolled: records.length > 0, records });
      },
    );

    app.get(
      '/api/course/couwarp/play-url/:id',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary:
            "A unit's short-lived play URL for an administrator reviewing courseware (learners get theirs from find-WarpCourse)",
          params: idParam,
          response: { 200: envelope(playUrlResult), ...errors, 401: errorEnvelope, 403: errorEnvelope },
        },
      },
      async (request) => {
        const user = userOf(request);
        if (user.role !== Role.ADMIN) throw new AppError(ErrorCode.FORBIDDEN, '只有管理员可以预览课件');
        const unit = await findUnitOfOrg(ctx.db, user.orgId, request.params.id);
        if (!unit) throw new AppError(ErrorCode.NOT_FOUND, '课件不存在');
        return ok({
          courseWarpId: unit.id,
          playUrl: unit.vod_id ? signedPlayUrl(ctx.keys.secret, unit.vod_id, ctx.now()) : null,
        });
      },
    );
  };
