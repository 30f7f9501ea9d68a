import { LearnStatus } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import { envelope, errorEnvelope } from '@anxun/shared/schemas/envelope';
import {
  addRecnumParams,
  addRecnumQuery,
  findWarpCourseBody,
  progressReport,
  studyTime,
  updateWarpBody,
  updateWarpResult,
  warpCourseData,
} from '@anxun/shared/schemas/training';
import { idParam } from '@anxun/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError, ok } from '../../http/app-error.js';
import { requireUser, userOf } from '../../http/auth-guard.js';
import { decryptField } from '../../infra/crypto.js';
import { CreditBatcher, REFUSAL_MESSAGES, studyDay, type FaceGate } from './study-credit.service.js';
import { claimStudyStart, findDailyCredit, findUnitTitle, findWarpCoursesOfPerson } from './training.repository.js';
import { incrementStudyCount } from '../../core/training-records.repository.js';
import { toWarpCourseData } from './warp-course.mapper.js';
import { recordTime } from '../../core/record-time.js';

const tags = ['training'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

/** The report inside `entity`: RSA-OAEP ciphertext (the web client) or JSON text. */
function readEntity(ctx: AppContext, entity: string) {
  const text = decryptField(entity, ctx.keys.privateKey);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError(ErrorCode.BAD_REQUEST, 'entity 不是合法的JSON');
  }
  const parsed = progressReport.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(ErrorCode.BAD_REQUEST, `entity.${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`);
  }
  return parsed.data;
}

export const trainingRoutes =
  (ctx: AppContext, options: { faceGate?: FaceGate } = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const batcher = new CreditBatcher(ctx, options.faceGate);
    const auth = requireUser(ctx);

    app.post(
      '/api/train/cls_Warp/find-WarpCourse',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: "The learner's courseware records, with a short-lived playUrl for each video",
          body: findWarpCourseBody.nullish(),
          response: { 200: envelope(z.array(warpCourseData)), ...errors },
        },
      },
      async (request) => {
        const body = request.body ?? {};
        const rows = await findWarpCoursesOfPerson(ctx.db, userOf(request).personId, {
          classCourseId: body.trainClassCourseId,
          bookId: body.courseBookId,
          trainPersonId: body.trainPersonId,
        });
        return ok(rows.map((row) => toWarpCourseData(ctx, row)));
      },
    );

    app.post(
      '/api/train/cls_Warp/update-Warp',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: 'A progress report: the server decides the credited seconds',
          description:
            'Form field `entity` (RSA-OAEP ciphertext of the JSON, or the JSON itself) or a JSON body `{trainWarpCourseId, playbackId, seq, position, rate, hidden}`.',
          body: updateWarpBody,
          response: { 200: envelope(updateWarpResult), ...errors },
        },
      },
      async (request) => {
        const user = userOf(request);
        const report = 'entity' in request.body ? readEntity(ctx, request.body.entity) : request.body;
        // the batch checks, under the learner's lock, that the record is theirs and the session live
        const {
          decision,
          row: updated,
          faceCheck,
        } = await batcher.submit({
          personId: user.personId,
          sessionId: user.sessionId,
          warpCourseId: report.trainWarpCourseId,
          report,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        return ok({
          ...toWarpCourseData(ctx, updated),
          creditedSeconds: decision.creditedSeconds,
          refusal: decision.refusal ?? null,
          refusalMsg: decision.refusal ? REFUSAL_MESSAGES[decision.refusal] : null,
          faceCheck: faceCheck
            ? {
                checkId: faceCheck.checkId,
                kind: faceCheck.kind,
                dueAt: recordTime(faceCheck.dueAt),
                windowEndsAt: recordTime(faceCheck.windowEndsAt),
                trainWarpCourseId: faceCheck.warpCourseId,
                // the player names the unit the check belongs to, which may be one that ended before
                unitName: faceCheck.warpCourseId ? await findUnitTitle(ctx.db, faceCheck.warpCourseId) : null,
              }
            : null,
        });
      },
    );

    app.get(
      '/api/train/cls_Warp/addRecnum/:trainPersonId/:courseBookId/:warpId',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: 'Counts a study start, once per playback',
          params: addRecnumParams,
          querystring: addRecnumQuery,
          response: { 200: envelope(z.object({ counted: z.boolean(), studyCount: z.number() })), ...errors },
        },
      },
      async (request) => {
        const user = userOf(request);
        const { trainPersonId, courseBookId, warpId } = request.params;
        const [row] = (
          await findWarpCoursesOfPerson(ctx.db, user.personId, { trainPersonId, bookId: courseBookId })
        ).filter((r) => r.warp_id === warpId);
        if (!row) throw new AppError(ErrorCode.NOT_FOUND, '学习记录不存在');
        const now = ctx.now();
        const counted = await claimStudyStart(ctx.db, {
          playback_id: request.query.playbackId,
          person_id: user.personId,
          warp_course_id: row.id,
          created_at: now,
        });
        if (counted) await incrementStudyCount(ctx.db, row.id, now);
        return ok({ counted, studyCount: row.study_count + (counted ? 1 : 0) });
      },
    );

    app.get(
      '/api/train/cls_Warp/select-study-time/:id',
      {
        preHandler: auth,
        schema: {
          tags,
          summary: "The learner's study totals (id: the learner's own user id or class membership id)",
          params: idParam,
          response: { 200: envelope(studyTime), ...errors },
        },
      },
      async (request) => {
        const user = userOf(request);
        const { id } = request.params;
        const rows = await findWarpCoursesOfPerson(
          ctx.db,
          user.personId,
          id === user.personId ? {} : { trainPersonId: id },
        );
        if (id !== user.personId && rows.length === 0) throw new AppError(ErrorCode.NOT_FOUND, '学习记录不存在');
        const seconds = rows.reduce((sum, r) => sum + r.study_length, 0);
        // the last 14 study days, oldest first
        const now = ctx.now();
        const days = Array.from({ length: 14 }, (_, i) =>
          studyDay(now - (13 - i) * 86400_000, ctx.config.study.timeZone),
        );
        const credit = await findDailyCredit(ctx.db, user.personId, days);
        return ok({
          studySeconds: Math.round(seconds),
          studyHours: Math.floor((seconds / ctx.config.study.secondsPerClassHour) * 100) / 100,
          todaySeconds: Math.round(credit.get(days[13]!) ?? 0),
          completedUnits: rows.filter((r) => r.learn_status === LearnStatus.COMPLETED).length,
          totalUnits: rows.length,
          daily: days.map((day) => ({ day, seconds: Math.round(credit.get(day) ?? 0) })),
        });
      },
    );
  };
