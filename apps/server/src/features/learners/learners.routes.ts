import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import {
  createLearnerBody,
  issuedPassword,
  learner,
  learnerPage,
  importResult,
  enquiry,
  enquiryLearnerBody,
  enquiryPage,
  enquiryQuery,
  learnerExportQuery,
  updateEnquiryBody,
  learnerImportQuery,
  learnerQuery,
  updateLearnerBody,
} from '@anxun/shared/schemas/learners';
import { attachment, readSheet, XLSX } from '../../http/sheet-upload.js';
import { followUpEnquiry, learnerFromEnquiry, listEnquiries } from './enquiry.service.js';
import { exportLearners } from './learner-export.service.js';
import { importLearners } from './learner-import.service.js';
import { learnerTemplate } from './learner-sheet.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import {
  changeLearner,
  createLearner,
  listLearners,
  resetLearnerPassword,
  setLearnerDisabled,
  unlockLearner,
} from './learner.service.js';

const tags = ['manage: learners'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/**
 * 学员 (issue: Console I): the organisation's learners — listed by department with search
 * and status, added one by one, edited, disabled, unlocked, given a new password. Inside the
 * manage scope (training managers only); every query is scoped by the caller's organisation.
 */
export const learnersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/learners',
      {
        schema: {
          tags,
          summary: 'A page of learners: by department (with sub-departments), name/phone/ID number, status',
          querystring: learnerQuery,
          response: { 200: envelope(learnerPage), ...errors },
        },
      },
      async (request) => ok(await listLearners(ctx, userOf(request), request.query)),
    );

    app.post(
      '/learners',
      {
        schema: {
          tags,
          summary: 'Adds a learner; without a password a random one is made and shown once',
          body: createLearnerBody,
          response: { 200: envelope(issuedPassword), ...errors },
        },
      },
      async (request) => ok(await createLearner(ctx, userOf(request), request.body, request.ip)),
    );

    app.get(
      '/learners/import-template',
      {
        schema: {
          tags,
          summary:
            'The learner import template (.xlsx): 姓名, 身份证号, 手机号, 部门, 账号, 初始密码, 岗位/工种, and the rules',
        },
      },
      async (_request, reply) =>
        reply
          .type(XLSX)
          .header(
            'content-disposition',
            `attachment; filename="learners-template.xlsx"; filename*=UTF-8''${encodeURIComponent('学员导入模板.xlsx')}`,
          )
          .send(await learnerTemplate()),
    );

    app.get(
      '/learners/export',
      {
        schema: {
          tags,
          summary: 'The learners as .xlsx (streamed), filtered as the list; ID numbers masked unless `full=1`; audited',
          querystring: learnerExportQuery,
        },
      },
      async (request, reply) =>
        reply
          .type(XLSX)
          .header(
            'content-disposition',
            request.query.full
              ? attachment('学员名单（含完整身份证号）.xlsx', 'learners-full-id.xlsx')
              : attachment('学员名单.xlsx', 'learners.xlsx'),
          )
          .send(await exportLearners(ctx, userOf(request), request.query, request.ip)),
    );

    app.post(
      '/learners/import',
      {
        schema: {
          tags,
          summary:
            'Imports learners from an .xlsx (multipart `file`), all or nothing: any bad row → nothing written and each error named by its spreadsheet row',
          consumes: ['multipart/form-data'],
          querystring: learnerImportQuery,
          response: { 200: envelope(importResult), ...errors, 413: errorEnvelope },
        },
      },
      async (request) =>
        ok(
          await importLearners(ctx, userOf(request), await readSheet(request), {
            createDepartments: request.query.createDepartments,
            ip: request.ip,
          }),
        ),
    );

    app.get(
      '/enquiries',
      {
        schema: {
          tags: ['manage: enquiries'],
          summary: '报名咨询 left for the organisation, newest first, by status and name/phone/company',
          querystring: enquiryQuery,
          response: { 200: envelope(enquiryPage), ...errors },
        },
      },
      async (request) => ok(await listEnquiries(ctx, userOf(request), request.query)),
    );

    app.put(
      '/enquiries/:id',
      {
        schema: {
          tags: ['manage: enquiries'],
          summary: 'Follows an enquiry up: its status (new / contacted / enrolled / closed) and a note',
          params: idParam,
          body: updateEnquiryBody,
          response: { 200: envelope(enquiry), ...errors },
        },
      },
      async (request) => ok(await followUpEnquiry(ctx, userOf(request), request.params.id, request.body, request.ip)),
    );

    app.post(
      '/enquiries/:id/learner',
      {
        schema: {
          tags: ['manage: enquiries'],
          summary:
            "Makes a learner of an enquiry (its name and phone, the ID number given here); the enquiry becomes 'enrolled'",
          params: idParam,
          body: enquiryLearnerBody,
          response: { 200: envelope(issuedPassword.extend({ enquiry })), ...errors },
        },
      },
      async (request) =>
        ok(await learnerFromEnquiry(ctx, userOf(request), request.params.id, request.body, request.ip)),
    );

    app.put(
      '/learners/:id',
      {
        schema: {
          tags,
          summary: "Changes a learner's name, phone, department or post",
          params: idParam,
          body: updateLearnerBody,
          response: { 200: envelope(learner), ...errors },
        },
      },
      async (request) => ok(await changeLearner(ctx, userOf(request), request.params.id, request.body, request.ip)),
    );

    for (const [action, disabled] of [
      ['disable', true],
      ['enable', false],
    ] as const) {
      app.post(
        `/learners/:id/${action}`,
        {
          schema: {
            tags,
            summary: disabled
              ? 'Disables an account: no login, its sessions end at once; the records stay'
              : 'Enables a disabled account',
            params: idParam,
            response: { 200: envelope(learner), ...errors },
          },
        },
        async (request) => ok(await setLearnerDisabled(ctx, userOf(request), request.params.id, disabled, request.ip)),
      );
    }

    app.post(
      '/learners/:id/unlock',
      {
        schema: {
          tags,
          summary: 'Lifts the lock that too many wrong passwords set',
          params: idParam,
          response: { 200: envelope(learner), ...errors },
        },
      },
      async (request) => ok(await unlockLearner(ctx, userOf(request), request.params.id, request.ip)),
    );

    app.post(
      '/learners/:id/reset-password',
      {
        schema: {
          tags,
          summary: 'Gives the learner a new random password, shown once; their sessions end',
          params: idParam,
          response: { 200: envelope(issuedPassword), ...errors },
        },
      },
      async (request) => ok(await resetLearnerPassword(ctx, userOf(request), request.params.id, request.ip)),
    );
  };
