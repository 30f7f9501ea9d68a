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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { findViewer } from '../../core/viewer.js';
import { ok } from '../../http/app-error.js';
import { requireUser, userOf } from '../../http/auth-guard.js';
import {
  classSyllabus,
  courseUseState as readCourseUseState,
  getBook,
  getCourseInfo,
  listBooks,
  listUnits,
  previewUrl,
} from './catalogue.service.js';

/**
 * Course books (spec §7 "Course book"). The catalogue is what an organisation offers, so a
 * guest may browse it (the home page); a signed-in learner sees their organisation's.
 */
export const courseBookRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['course book'];
    const errors = { 400: errorEnvelope, 404: errorEnvelope };

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
        async (request) => ok(await listBooks(ctx, await findViewer(ctx, request), request.query, orderBy, request.ip)),
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
      async (request) => ok(await getBook(ctx, await findViewer(ctx, request), request.params.id)),
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
      async (request) => ok(await getCourseInfo(ctx, await findViewer(ctx, request), request.params.id)),
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
        async (request) => ok(await listUnits(ctx, await findViewer(ctx, request), request.query.courseBookId)),
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
      async (request) => ok(await classSyllabus(ctx, userOf(request), request.query.trainClassId)),
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
      async (request) => ok(await readCourseUseState(ctx, await findViewer(ctx, request), request.query.courseBookId)),
    );
  };

/**
 * A unit's short-lived play URL for a training manager reviewing courseware (learners get
 * theirs from find-WarpCourse). At its spec §7 path, inside a scope that admits managers only.
 */
export const coursewarePreviewRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/course/couwarp/play-url/:id',
      {
        schema: {
          tags: ['course book'],
          summary:
            "A unit's short-lived play URL for an administrator reviewing courseware (learners get theirs from find-WarpCourse)",
          params: idParam,
          response: {
            200: envelope(playUrlResult),
            400: errorEnvelope,
            401: errorEnvelope,
            403: errorEnvelope,
            404: errorEnvelope,
          },
        },
      },
      async (request) => ok(await previewUrl(ctx, userOf(request), request.params.id)),
    );
  };
