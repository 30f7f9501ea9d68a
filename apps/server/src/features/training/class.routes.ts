import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import {
  classCoursesQuery,
  classDetail,
  classInfo,
  findPersonBody,
  myClass,
  myClassesQuery,
  newestLearner,
  newestLearnersQuery,
  pageOf,
  personCourse,
  updatePersonCourseBody,
} from '@anxun/shared/schemas/training';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { findViewer } from '../../core/viewer.js';
import { ok } from '../../http/app-error.js';
import { requireUser, userOf } from '../../http/auth-guard.js';
import {
  findMyMemberships,
  myClass as readMyClass,
  myClassInfo,
  myClasses,
  myCourse,
  myCourses,
  myMembership,
  myOpenCourses,
  newestLearners,
  saveMyNotes,
} from './my-classes.service.js';

/** My classes and their courses (spec §7 Training: person/select-page, cls_course/select-page). */
export const classRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['training'];
    const errors = { 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope };

    app.get(
      '/api/train/person/select-page',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: "The learner's classes, with progress",
          querystring: myClassesQuery,
          response: { 200: envelope(pageOf(myClass)), ...errors },
        },
      },
      async (request) => ok(await myClasses(ctx, userOf(request), request.query)),
    );

    app.get(
      '/api/train/class/select/:id',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: 'A class the learner belongs to',
          params: idParam,
          response: { 200: envelope(classDetail), ...errors },
        },
      },
      async (request) => ok(await readMyClass(ctx, userOf(request), request.params.id)),
    );

    app.get(
      '/api/train/person/select-class-info/:id',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: 'Class teacher, newest learners (names masked) and the last 7 days of activity',
          params: idParam,
          response: { 200: envelope(classInfo), ...errors },
        },
      },
      async (request) => ok(await myClassInfo(ctx, userOf(request), request.params.id)),
    );

    app.post(
      '/api/train/cls_person/find-Person',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: "The learner's class memberships",
          body: findPersonBody,
          response: { 200: envelope(z.array(myClass)), ...errors },
        },
      },
      async (request) => ok(await findMyMemberships(ctx, userOf(request), request.body?.trainClassId)),
    );

    app.post(
      '/api/train/cls_person/find-Person-Task',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: "The learner's unfinished courses (the to-do list)",
          body: findPersonBody,
          response: { 200: envelope(z.array(personCourse)), ...errors },
        },
      },
      async (request) => ok(await myOpenCourses(ctx, userOf(request), request.body?.trainClassId)),
    );

    app.get(
      '/api/train/cls_course/select-page',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: "The learner's courses in one class",
          querystring: classCoursesQuery,
          response: { 200: envelope(pageOf(personCourse)), ...errors },
        },
      },
      async (request) => ok(await myCourses(ctx, userOf(request), request.query)),
    );

    app.get(
      '/api/train/person/select/:id',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: "One of the learner's class memberships (id: trainPersonId), with progress",
          params: idParam,
          response: { 200: envelope(myClass), ...errors },
        },
      },
      async (request) => ok(await myMembership(ctx, userOf(request), request.params.id)),
    );

    app.get(
      '/api/train/cls_course/select/:id',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: "One of the learner's course records (id: trainPersonCourseId)",
          params: idParam,
          response: { 200: envelope(personCourse), ...errors },
        },
      },
      async (request) => ok(await myCourse(ctx, userOf(request), request.params.id)),
    );

    app.post(
      '/api/train/cls_person/update-PersonCourse',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: "The learner's study notes on a course record; time, progress and score are the server's",
          body: updatePersonCourseBody,
          response: { 200: envelope(personCourse), ...errors },
        },
      },
      async (request) =>
        ok(await saveMyNotes(ctx, userOf(request), request.body.trainPersonCourseId, request.body.sysComments)),
    );

    app.get(
      '/api/train/person/select-newest',
      {
        schema: {
          tags,
          summary: "The organisation's newest learners, names masked (the home page; guests: OrgCode)",
          querystring: newestLearnersQuery,
          response: { 200: envelope(z.array(newestLearner)), ...errors },
        },
      },
      async (request) => ok(await newestLearners(ctx, await findViewer(ctx, request), request.query, request.ip)),
    );
  };
