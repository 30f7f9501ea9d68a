import { envelope, errorEnvelope } from '@anxun/shared/schemas/envelope';
import { classArchiveStatus } from '@anxun/shared/schemas/reports';
import { idText } from '@anxun/shared/schemas/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import { attachment } from '../../http/sheet-upload.js';
import {
  classArchiveStatus as readArchiveStatus,
  openClassArchive,
  requestClassArchive,
} from './class-archive.service.js';
import { personArchive } from './person-archive.service.js';
import type { SettleExams } from './reports.service.js';

const tags = ['manage: reports'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/** 一人一档 (and, later, 一期一档): the files an auditor is handed. Inside the manage scope. */
export const archivesRoutes =
  (ctx: AppContext, options: { settleExams?: SettleExams } = {}): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/archives/person/:file',
      {
        schema: {
          tags,
          summary:
            "一人一档: a learner's training file as PDF ({personId}.pdf) — identity, classes, courses and units with credited 学时 and how they were recorded, face checks with their photos, exams, certificate; each page's footer holds the SHA-256 of the data; audited",
          params: z.strictObject({
            file: z.string().regex(/^[A-Za-z0-9-]{1,64}\.pdf$/, '请求的档案文件名应为 学员编号.pdf'),
          }),
        },
      },
      async (request, reply) => {
        const personId = request.params.file.slice(0, -'.pdf'.length);
        const { pdf, fileName, sha256 } = await personArchive(
          ctx,
          userOf(request),
          personId,
          request.ip,
          options.settleExams,
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', attachment(fileName, 'archive.pdf'))
          .header('x-archive-sha256', sha256)
          .send(pdf);
      },
    );

    const classParams = z.strictObject({ classId: idText() });
    app.post(
      '/archives/class/:classId',
      {
        schema: {
          tags,
          summary:
            "一期一档: builds the class archive in the background (class setup, a 一人一档 PDF per member, the report sheets, manifest.json with each file's SHA-256); asking again while it is built is the same job; audited",
          params: classParams,
          response: { 200: envelope(z.object({ jobId: z.string() })), ...errors },
        },
      },
      async (request) => ok(await requestClassArchive(ctx, userOf(request), request.params.classId, request.ip)),
    );
    app.get(
      '/archives/class/:classId/status',
      {
        schema: {
          tags,
          summary: "Where the class's archive stands: being built (percent), ready (size, SHA-256), failed",
          params: classParams,
          response: { 200: envelope(classArchiveStatus), ...errors },
        },
      },
      async (request) => ok(await readArchiveStatus(ctx, userOf(request), request.params.classId)),
    );
    app.get(
      '/archives/class/:file',
      {
        schema: {
          tags,
          summary: '一期一档: the newest archive built for the class ({classId}.zip); audited',
          params: z.strictObject({
            file: z.string().regex(/^[A-Za-z0-9-]{1,64}\.zip$/, '请求的档案文件名应为 班级编号.zip'),
          }),
        },
      },
      async (request, reply) => {
        const classId = request.params.file.slice(0, -'.zip'.length);
        const { stream, fileName, sha256, bytes } = await openClassArchive(ctx, userOf(request), classId, request.ip);
        return reply
          .type('application/zip')
          .header('content-disposition', attachment(fileName, 'class-archive.zip'))
          .header('content-length', String(bytes))
          .header('x-archive-sha256', sha256)
          .send(stream);
      },
    );
  };
