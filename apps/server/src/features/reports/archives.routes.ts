import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { userOf } from '../../http/auth-guard.js';
import { attachment } from '../../http/sheet-upload.js';
import { personArchive } from './person-archive.service.js';

/** 一人一档 (and, later, 一期一档): the files an auditor is handed. Inside the manage scope. */
export const archivesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/archives/person/:file',
      {
        schema: {
          tags: ['manage: reports'],
          summary:
            "一人一档: a learner's training file as PDF ({personId}.pdf) — identity, classes, courses and units with credited 学时 and how they were recorded, face checks with their photos, exams, certificate; each page's footer holds the SHA-256 of the data; audited",
          params: z.strictObject({
            file: z.string().regex(/^[A-Za-z0-9-]{1,64}\.pdf$/, '请求的档案文件名应为 学员编号.pdf'),
          }),
        },
      },
      async (request, reply) => {
        const personId = request.params.file.slice(0, -'.pdf'.length);
        const { pdf, fileName, sha256 } = await personArchive(ctx, userOf(request), personId, request.ip);
        return reply
          .type('application/pdf')
          .header('content-disposition', attachment(fileName, 'archive.pdf'))
          .header('x-archive-sha256', sha256)
          .send(pdf);
      },
    );
  };
