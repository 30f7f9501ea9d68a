import { LearnStatus } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
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
import { maskName } from '@anxun/shared/validators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError, ok } from '../../http/app-error.js';
import { requireUser, userOf } from '../../http/auth-guard.js';
import { findViewer, viewerOrgId } from '../../core/viewer.js';
import { toPersonCourse } from './course-record.mapper.js';
import { iso, round2 } from './format.js';
import {
  classActivity,
  countMembers,
  findClassesOfPerson,
  findMembership,
  findMembershipById,
  findNewestMembers,
  findNewestMembersOfOrg,
  findPersonCourseOfPerson,
  findPersonCourses,
  isMemberOf,
} from './class.repository.js';
import { updatePersonCourseComments } from '../../core/training-records.repository.js';
import { recordTime } from '../../core/record-time.js';

type ClassRow = Awaited<ReturnType<typeof findClassesOfPerson>>['rows'][number];

function toMyClass(r: ClassRow, courses: Array<z.infer<typeof personCourse>>): z.infer<typeof myClass> {
  const mine = courses.filter((c) => c.trainPersonId === r.train_person_id);
  const required = mine.reduce((s, c) => s + c.studyTimeLen, 0);
  // a course whose class requires its exam counts its 学时 once the exam is passed
  const studied = mine
    .filter((c) => !c.examRequired || c.examPassed)
    .reduce((s, c) => s + Math.min(c.studiedHours, c.studyTimeLen), 0);
  return {
    trainPersonId: r.train_person_id,
    trainClassId: r.class_id,
    className: r.name,
    teacher: r.teacher,
    startDate: iso(r.start_date),
    endDate: iso(r.end_date),
    requiredHours: round2(required),
    studiedHours: round2(studied),
    progress: required > 0 ? Math.min(100, Math.round((studied / required) * 100)) : 0,
    courseCount: mine.length,
    completedCourses: mine.filter((c) => c.learnStatus === LearnStatus.COMPLETED).length,
  };
}

/** My classes and their courses (spec §7 Training: person/select-page, cls_course/select-page). */
export const classRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['training'];
    const errors = { 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope };
    const perHour = ctx.config.study.secondsPerClassHour;

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
      async (request) => {
        const { current, size } = request.query;
        const { rows, total } = await findClassesOfPerson(ctx.db, userOf(request).personId, (current - 1) * size, size);
        const courses = (
          await findPersonCourses(
            ctx.db,
            rows.map((r) => r.train_person_id),
          )
        ).map((c) => toPersonCourse(c, perHour));
        return ok({ total, records: rows.map((r) => toMyClass(r, courses)) });
      },
    );

    const member = async (classId: string, personId: string) => {
      const row = await findMembership(ctx.db, classId, personId);
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, '班级不存在');
      return row;
    };

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
      async (request) => {
        const row = await member(request.params.id, userOf(request).personId);
        let rules: Record<string, unknown> = {};
        try {
          rules = JSON.parse(row.rules) as Record<string, unknown>;
        } catch {
          rules = {};
        }
        return ok({
          trainClassId: row.class_id,
          className: row.name,
          teacher: row.teacher,
          startDate: iso(row.start_date),
          endDate: iso(row.end_date),
          rules,
        });
      },
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
      async (request) => {
        const row = await member(request.params.id, userOf(request).personId);
        const [count, newest, activity] = await Promise.all([
          countMembers(ctx.db, row.class_id),
          findNewestMembers(ctx.db, row.class_id, 8),
          classActivity(ctx.db, row.class_id, ctx.now() - 7 * 86400_000),
        ]);
        return ok({
          trainClassId: row.class_id,
          className: row.name,
          teacher: row.teacher,
          learnerCount: count,
          // classmates see a surname and stars, no more
          newestLearners: newest.map((m) => ({
            name: maskName(m.name),
            joinedAt: recordTime(m.joined_at),
          })),
          activity,
        });
      },
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
      async (request) => {
        const { rows } = await findClassesOfPerson(ctx.db, userOf(request).personId, 0, 100);
        const wanted = request.body?.trainClassId;
        const courses = (
          await findPersonCourses(
            ctx.db,
            rows.map((r) => r.train_person_id),
          )
        ).map((c) => toPersonCourse(c, perHour));
        return ok(rows.filter((r) => !wanted || r.class_id === wanted).map((r) => toMyClass(r, courses)));
      },
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
      async (request) => {
        const { rows } = await findClassesOfPerson(ctx.db, userOf(request).personId, 0, 100);
        const wanted = request.body?.trainClassId;
        const ids = rows.filter((r) => !wanted || r.class_id === wanted).map((r) => r.train_person_id);
        const courses = (await findPersonCourses(ctx.db, ids)).map((c) => toPersonCourse(c, perHour));
        return ok(courses.filter((c) => c.learnStatus !== LearnStatus.COMPLETED));
      },
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
      async (request) => {
        const { trainPersonId, current, size } = request.query;
        if (!(await isMemberOf(ctx.db, trainPersonId, userOf(request).personId))) {
          throw new AppError(ErrorCode.NOT_FOUND, '班级不存在');
        }
        const all = (await findPersonCourses(ctx.db, [trainPersonId])).map((c) => toPersonCourse(c, perHour));
        return ok({ total: all.length, records: all.slice((current - 1) * size, current * size) });
      },
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
      async (request) => {
        const row = await findMembershipById(ctx.db, request.params.id, userOf(request).personId);
        if (!row) throw new AppError(ErrorCode.NOT_FOUND, '班级不存在');
        const courses = (await findPersonCourses(ctx.db, [row.train_person_id])).map((c) => toPersonCourse(c, perHour));
        return ok(toMyClass(row, courses));
      },
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
      async (request) => {
        const row = await findPersonCourseOfPerson(ctx.db, request.params.id, userOf(request).personId);
        if (!row) throw new AppError(ErrorCode.NOT_FOUND, '课程记录不存在');
        return ok(toPersonCourse(row, perHour));
      },
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
      async (request) => {
        const personId = userOf(request).personId;
        const { trainPersonCourseId, sysComments } = request.body;
        const row = await findPersonCourseOfPerson(ctx.db, trainPersonCourseId, personId);
        if (!row) throw new AppError(ErrorCode.NOT_FOUND, '课程记录不存在');
        await updatePersonCourseComments(ctx.db, row.id, sysComments);
        return ok(toPersonCourse({ ...row, sys_comments: sysComments }, perHour));
      },
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
      async (request) => {
        const orgId = await viewerOrgId(ctx, await findViewer(ctx, request), request.query.OrgCode);
        const rows = await findNewestMembersOfOrg(ctx.db, orgId, request.query.size);
        return ok(
          rows.map((r) => ({ name: maskName(r.name), className: r.class_name, joinedAt: iso(r.joined_at) ?? '' })),
        );
      },
    );
  };
