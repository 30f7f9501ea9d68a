import { envelope, errorEnvelope, idParam } from '@anxun/shared/schemas/envelope';
import {
  bankBook,
  bankQuestion,
  bankQuestionPage,
  bankQuestionQuery,
  questionBody,
  questionImportResult,
} from '@anxun/shared/schemas/exams';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/app-error.js';
import { userOf } from '../../http/auth-guard.js';
import { attachment as attachmentOf, readSheet, XLSX } from '../../http/sheet-upload.js';
import {
  createQuestion,
  editQuestion,
  removeQuestionImage,
  exportQuestions,
  importQuestions,
  listBankBooks,
  listBankQuestions,
  questionTemplate,
  retire,
} from './question-bank.service.js';

const tags = ['manage: question banks'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const attachment = (name: string) => attachmentOf(name, 'questions.xlsx');

/**
 * 题库: the question banks of the organisation's course books — listed, imported from Excel
 * (all or nothing), exported, retired. Inside the manage scope.
 */
export const questionBankRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/question-books',
      {
        schema: {
          tags,
          summary: "The organisation's course books with the size of each question bank",
          response: { 200: envelope(z.array(bankBook)), ...errors },
        },
      },
      async (request) => ok(await listBankBooks(ctx, userOf(request))),
    );

    app.get(
      '/question-books/:id/questions',
      {
        schema: {
          tags,
          summary: "A page of a bank's questions with their keys",
          params: idParam,
          querystring: bankQuestionQuery,
          response: { 200: envelope(bankQuestionPage), ...errors },
        },
      },
      async (request) => ok(await listBankQuestions(ctx, userOf(request), request.params.id, request.query)),
    );

    app.get(
      '/questions/import-template',
      {
        schema: {
          tags,
          summary:
            'The question sheet template: 题型 | 题干 | 选项A … 选项H | 答案 | 解析 | 分值 | 难度, and the rules',
        },
      },
      async (_request, reply) =>
        reply
          .type(XLSX)
          .header('content-disposition', attachment('试题导入模板.xlsx'))
          .send(await questionTemplate()),
    );

    app.post(
      '/question-books/:id/questions/import',
      {
        schema: {
          tags,
          summary:
            'Imports questions from an .xlsx (multipart `file`), all or nothing: any bad row → nothing written, each error named by its row',
          consumes: ['multipart/form-data'],
          params: idParam,
          response: { 200: envelope(questionImportResult), ...errors, 413: errorEnvelope },
        },
      },
      async (request) =>
        ok(await importQuestions(ctx, userOf(request), request.params.id, await readSheet(request), request.ip)),
    );

    app.get(
      '/question-books/:id/questions/export',
      { schema: { tags, summary: "A bank's questions as the import sheet (re-importable)", params: idParam } },
      async (request, reply) => {
        const { name, data } = await exportQuestions(ctx, userOf(request), request.params.id);
        return reply.type(XLSX).header('content-disposition', attachment(name)).send(data);
      },
    );

    app.delete(
      '/questions/:id',
      {
        schema: {
          tags,
          summary: 'Retires a question: drawn no more; papers already handed in still show it',
          params: idParam,
          response: { 200: envelope(z.null()), ...errors },
        },
      },
      async (request) => {
        await retire(ctx, userOf(request), request.params.id, request.ip);
        return ok(null);
      },
    );

    app.post(
      '/question-books/:id/questions',
      {
        schema: {
          tags,
          summary: 'Adds one question to the bank (the same rules as a row of the sheet)',
          params: idParam,
          body: questionBody,
          response: { 200: envelope(bankQuestion), ...errors },
        },
      },
      async (request) => ok(await createQuestion(ctx, userOf(request), request.params.id, request.body, request.ip)),
    );

    app.put(
      '/questions/:id',
      {
        schema: {
          tags,
          summary: 'Edits a question: practice and later papers take it; papers already drawn keep their copy',
          params: idParam,
          body: questionBody,
          response: { 200: envelope(bankQuestion), ...errors },
        },
      },
      async (request) => ok(await editQuestion(ctx, userOf(request), request.params.id, request.body, request.ip)),
    );

    app.delete(
      '/questions/:id/image',
      {
        schema: {
          tags,
          summary:
            'Takes the image off a question (set one with POST /api/file/upload?otcType=QuestionImage&otcId=…); papers already drawn keep theirs',
          params: idParam,
          response: { 200: envelope(bankQuestion), ...errors },
        },
      },
      async (request) => ok(await removeQuestionImage(ctx, userOf(request), request.params.id, request.ip)),
    );
  };
