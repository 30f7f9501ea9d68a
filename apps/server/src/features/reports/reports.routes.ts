import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import {
  classExportQuery,
  dashboard as dashboardSchema,
  classProgressPage,
  classProgressQuery,
  classTrailQuery,
  departmentExportQuery,
  departmentSummaryQuery,
  departmentSummaryRow,
  learnerReport,
} from '@anxun/shared/schemas/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import { attachment, XLSX } from '../../http/sheet-upload.js';
import { dashboard } from './dashboard.service.js';
import { exportClassTrail } from './study-trail.service.js';
import { exportClassStudy, exportClassUnits, exportDepartments } from './report-export.service.js';
import {
  classProgress,
  departmentSummary,
  learnerReport as readLearnerReport,
  type SettleExams,
} from './reports.service.js';

const tags = ['manage: reports'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

/** 报表: class progress, one learner's record, departments. Inside the manage scope. */
export const reportsRoutes =
  (ctx: AppContext, options: { settleExams?: SettleExams } = {}): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dashboard',
      {
        schema: {
          tags,
          summary:
            '概览: today and the last 30 days (day by day) of the organisation — learners active, 学时 credited, face checks, exams, certificates — and the classes lagging their period',
          response: { 200: envelope(dashboardSchema), ...errors },
        },
      },
      async (request) => ok(await dashboard(ctx, userOf(request))),
    );

    app.get(
      '/reports/class-progress',
      {
        schema: {
          tags,
          summary:
            "A page of a class's members: 学时 credited (from the study record, in a date range if given) against required, courses, exams, face checks, certificate, last study",
          querystring: classProgressQuery,
          response: { 200: envelope(classProgressPage), ...errors },
        },
      },
      async (request) => ok(await classProgress(ctx, userOf(request), request.query)),
    );

    app.get(
      '/reports/learners/:id',
      {
        schema: {
          tags,
          summary:
            "One learner's record: each class, course and unit with credited time, study count, first and last study and refusals by reason; every face check and exam attempt; the certificate",
          params: idParam,
          response: { 200: envelope(learnerReport), ...errors },
        },
      },
      async (request) => ok(await readLearnerReport(ctx, userOf(request), request.params.id, options.settleExams)),
    );

    app.get(
      '/reports/departments',
      {
        schema: {
          tags,
          summary: 'Per department: learners, memberships (of one class if given), completed, 学时 credited',
          querystring: departmentSummaryQuery,
          response: { 200: envelope(z.array(departmentSummaryRow)), ...errors },
        },
      },
      async (request) => ok(await departmentSummary(ctx, userOf(request), request.query)),
    );

    const exports = [
      [
        '/reports/class-progress/export',
        classExportQuery,
        exportClassStudy,
        '班级学习情况 as .xlsx (streamed): one row per learner × course, filtered as the report; ID numbers masked unless `full=1`; audited',
      ],
      [
        '/reports/class-units/export',
        classExportQuery,
        exportClassUnits,
        '学习明细 as .xlsx (streamed): one row per learner × unit with credited time and refusals by reason; ID numbers masked unless `full=1`; audited',
      ],
      [
        '/reports/class-trail/export',
        classTrailQuery,
        exportClassTrail,
        '学习轨迹 as .xlsx (streamed): every progress report of the learners (filtered as the report, or one member by `trainPersonId`) with what it credited or why not, its address, browser and login; their exam attempts and logins on two more sheets; ID numbers masked unless `full=1`; audited',
      ],
    ] as const;
    for (const [url, querystring, make, summary] of exports) {
      app.get(url, { schema: { tags, summary, querystring } }, async (request, reply) => {
        const { stream, fileName } = await make(ctx, userOf(request), request.query, request.ip);
        return reply.type(XLSX).header('content-disposition', attachment(fileName, 'report.xlsx')).send(stream);
      });
    }
    app.get(
      '/reports/departments/export',
      { schema: { tags, summary: '部门汇总 as .xlsx; audited', querystring: departmentExportQuery } },
      async (request, reply) => {
        const { stream, fileName } = await exportDepartments(ctx, userOf(request), request.query, request.ip);
        return reply.type(XLSX).header('content-disposition', attachment(fileName, 'departments.xlsx')).send(stream);
      },
    );
  };
