import {
  classListQuery,
  createClassBody,
  enrolBody,
  enrolResult,
  enrolSheetResult,
  managedClass,
  memberPage,
  memberQuery,
  updateClassBody,
} from '@anxun/shared/schemas/classes';
import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import { idText } from '@anxun/shared/schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import { readSheet, XLSX } from '../../http/sheet-upload.js';
import { enrolTemplate, readEnrolSheet } from './enrol-sheet.js';
import {
  createClass,
  enrol,
  enrolFromSheet,
  getClass,
  listClasses,
  listMembers,
  removeMember,
  setClassClosed,
  updateClass,
} from './class-admin.service.js';

const tags = ['manage: classes'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/**
 * 班级 (issue: Console I): create, edit and close classes (courses in order, face-check and
 * exam rules), enrol departments and learners, see and remove members. Inside the manage
 * scope; every query is scoped by the caller's organisation.
 */
export const classesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/classes',
      {
        schema: {
          tags,
          summary: "A page of the organisation's classes",
          querystring: classListQuery,
          response: { 200: envelope(z.object({ records: z.array(managedClass), total: z.number() })), ...errors },
        },
      },
      async (request) => ok(await listClasses(ctx, userOf(request), request.query)),
    );

    app.post(
      '/classes',
      {
        schema: {
          tags,
          summary: 'Creates a class: name, period, teacher, ordered course books, face-check and exam rules',
          body: createClassBody,
          response: { 200: envelope(managedClass), ...errors },
        },
      },
      async (request) => ok(await createClass(ctx, userOf(request), request.body, request.ip)),
    );

    app.get(
      '/classes/:id',
      {
        schema: { tags, summary: 'One class', params: idParam, response: { 200: envelope(managedClass), ...errors } },
      },
      async (request) => ok(await getClass(ctx, userOf(request), request.params.id)),
    );

    app.put(
      '/classes/:id',
      {
        schema: {
          tags,
          summary: 'Edits a class; a course leaves only while nobody studied or was examined in it',
          params: idParam,
          body: updateClassBody,
          response: { 200: envelope(managedClass), ...errors },
        },
      },
      async (request) => ok(await updateClass(ctx, userOf(request), request.params.id, request.body, request.ip)),
    );

    for (const [action, closed] of [
      ['close', true],
      ['reopen', false],
    ] as const) {
      app.post(
        `/classes/:id/${action}`,
        {
          schema: {
            tags,
            summary: closed ? 'Closes a class: no more enrolment; records stay' : 'Reopens a closed class',
            params: idParam,
            response: { 200: envelope(managedClass), ...errors },
          },
        },
        async (request) => ok(await setClassClosed(ctx, userOf(request), request.params.id, closed, request.ip)),
      );
    }

    app.post(
      '/classes/:id/enrol',
      {
        schema: {
          tags,
          summary:
            'Enrols departments (optionally with sub-departments) and/or learners; those already in count as already',
          params: idParam,
          body: enrolBody,
          response: { 200: envelope(enrolResult), ...errors },
        },
      },
      async (request) => ok(await enrol(ctx, userOf(request), request.params.id, request.body, request.ip)),
    );

    app.get(
      '/classes/enrol-template',
      {
        schema: {
          tags,
          summary: 'The .xlsx template of an enrolment list (身份证号 or 手机号 per row)',
        },
      },
      async (_request, reply) =>
        reply
          .type(XLSX)
          .header(
            'content-disposition',
            `attachment; filename="enrol-template.xlsx"; filename*=UTF-8''${encodeURIComponent('报名名单模板.xlsx')}`,
          )
          .send(await enrolTemplate()),
    );

    app.post(
      '/classes/:id/enrol-sheet',
      {
        schema: {
          tags,
          summary:
            'Enrols the learners an .xlsx lists by ID number or phone (multipart `file`), all or nothing: any row not found → nobody enrolled, each error named by its row',
          consumes: ['multipart/form-data'],
          params: idParam,
          response: { 200: envelope(enrolSheetResult), ...errors, 413: errorEnvelope },
        },
      },
      async (request) => {
        const rows = await readEnrolSheet(await readSheet(request));
        return ok(await enrolFromSheet(ctx, userOf(request), request.params.id, rows, request.ip));
      },
    );

    app.get(
      '/classes/:id/members',
      {
        schema: {
          tags,
          summary: "A page of the class's members with their progress",
          params: idParam,
          querystring: memberQuery,
          response: { 200: envelope(memberPage), ...errors },
        },
      },
      async (request) => ok(await listMembers(ctx, userOf(request), request.params.id, request.query)),
    );

    app.delete(
      '/classes/:id/members/:trainPersonId',
      {
        schema: {
          tags,
          summary: 'Removes a member who has nothing on record yet',
          params: z.strictObject({ id: idText(), trainPersonId: idText() }),
          response: { 200: envelope(z.null()), ...errors },
        },
      },
      async (request) => {
        await removeMember(ctx, userOf(request), request.params.id, request.params.trainPersonId, request.ip);
        return ok(null);
      },
    );
  };
