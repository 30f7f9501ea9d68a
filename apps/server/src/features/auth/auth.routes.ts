import { ErrorCode } from '@anxun/shared/errors';
import {
  loginResponse,
  loginRoles,
  loginWire,
  contact,
  profile,
  publicKeyResponse,
  refreshBody,
  registerResponse,
  registerWire,
  sendCheckCodeResponse,
  sendCheckCodeQuery,
  telParam,
  updatePasswordWire,
  updatePhoneBody,
  codePasswordWire,
} from '@anxun/shared/schemas/auth';
import { maskPhone } from '@anxun/shared/validators';
import { envelope, errorEnvelope } from '@anxun/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { RSA_PLAINTEXT_BLOCK_BYTES } from '../../infra/crypto.js';
import { AppError, ok } from '../../http/app-error.js';
import { requireUser, tokenFromHeader, userOf } from '../../http/auth-guard.js';
import {
  changePassword,
  changePhone,
  currentUser,
  login,
  passwordByCode,
  register,
  sendOwnPhoneCode,
  socialLogin,
} from './auth.service.js';
import { sendCheckCode } from './check-code.service.js';
import { maskedIdCard } from '../../core/id-cards.js';
import { personRoles } from '../../core/person-cache.js';
import { authenticateToken, endSession, refreshSession } from '../../core/session.service.js';

const tags = ['auth'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 409: errorEnvelope, 423: errorEnvelope, 429: errorEnvelope };

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const device = (request: { ip: string; headers: Record<string, unknown> }) => ({
      ip: request.ip,
      userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
    });

    app.get(
      '/publicKey',
      {
        schema: {
          tags,
          summary: 'RSA-OAEP (SHA-256) public key for encrypting login fields',
          response: { 200: envelope(publicKeyResponse) },
        },
      },
      async () =>
        ok({
          publicKey: ctx.keys.publicKeyPem,
          algorithm: 'RSA-OAEP-256' as const,
          blockSize: RSA_PLAINTEXT_BLOCK_BYTES,
          mockServer: false,
        }),
    );

    app.post(
      '/api/login',
      {
        schema: {
          tags,
          summary: 'Log in by account + password or phone + check code',
          description:
            'Body (or, for compatibility, query) holds `{username, password, client}` or `{telPhoto, checkCode, client}`; each field plain or RSA-OAEP ciphertext (base64).',
          body: loginWire.nullish(),
          querystring: loginWire,
          response: { 200: envelope(loginResponse), ...errors },
        },
      },
      async (request) => ok(await login(ctx, { ...request.query, ...request.body }, device(request))),
    );

    app.post(
      '/api/socialLogin',
      {
        schema: {
          tags,
          summary: 'Log in with credentials in a JSON body',
          body: loginWire.nullish(),
          response: { 200: envelope(loginResponse), ...errors },
        },
      },
      async (request) => ok(await socialLogin(ctx, request.body ?? {}, device(request))),
    );

    app.post(
      '/api/refresh-token',
      {
        schema: {
          tags,
          summary: 'Re-login on the same device: trade a refresh token for a new token pair',
          body: refreshBody,
          response: { 200: envelope(loginResponse), ...errors },
        },
      },
      async (request) => {
        const wait = await ctx.limiters.refreshPerIp.hit(request.ip);
        if (wait) throw new AppError(ErrorCode.RATE_LIMITED, undefined, wait);
        return ok(await refreshSession(ctx, request.body.refreshToken));
      },
    );

    app.get(
      '/api/logout',
      { schema: { tags, summary: 'End this session', response: { 200: envelope(z.null()) } } },
      async (request) => {
        // Idempotent: an expired or already revoked token still logs out cleanly.
        const user = await authenticateToken(ctx, tokenFromHeader(request)).catch(() => undefined);
        if (user) await endSession(ctx, user.sessionId);
        return ok(null);
      },
    );

    app.post(
      '/api/register',
      {
        schema: {
          tags,
          summary: 'Register a learner in an organisation (phone verified by check code)',
          body: registerWire,
          response: { 200: envelope(registerResponse), ...errors, 409: errorEnvelope },
        },
      },
      async (request) => ok(await register(ctx, request.body, request.ip)),
    );

    app.get(
      '/api/train/person/send-check-code/:tel',
      {
        schema: {
          tags,
          summary: 'Send a 6-digit check code by SMS (the code is never returned)',
          params: telParam,
          querystring: sendCheckCodeQuery,
          response: { 200: envelope(sendCheckCodeResponse), ...errors, 404: errorEnvelope },
        },
      },
      async (request) =>
        ok(await sendCheckCode(ctx, request.params.tel, request.ip, { for: request.query.purpose ?? 'login' })),
    );

    app.get(
      '/api/base/person/tel-login/:tel',
      {
        schema: {
          tags,
          summary: 'Removed: returned an ID number and password. Use POST /api/login with {telPhoto, checkCode}.',
          params: telParam,
          response: { 410: errorEnvelope },
        },
      },
      async () => {
        throw new AppError(ErrorCode.GONE, '该接口已停用，请使用手机号+验证码登录（POST /api/login）');
      },
    );

    app.get(
      '/api/user/info',
      {
        preHandler: requireUser(ctx),
        schema: { tags, summary: 'The logged-in user', response: { 200: envelope(loginRoles), 401: errorEnvelope } },
      },
      async (request) => {
        return ok(await personRoles(ctx, userOf(request).personId));
      },
    );

    app.get(
      '/api/user/contact',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: "The caller's own name and phone in full, to pre-fill their forms (enrolment enquiry)",
          response: { 200: envelope(contact), 401: errorEnvelope },
        },
      },
      async (request) => {
        const person = await currentUser(ctx, userOf(request).personId);
        return ok({ name: person.name, phone: person.phone });
      },
    );

    app.get(
      '/api/user/profile',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: "The personal centre's details (phone and ID number masked)",
          response: { 200: envelope(profile), 401: errorEnvelope },
        },
      },
      async (request) => {
        const person = await currentUser(ctx, userOf(request).personId);
        return ok({
          userId: person.id,
          name: person.name,
          account: person.account,
          phone: maskPhone(person.phone),
          idCard: maskedIdCard(ctx.keys.idCards, person.id, person.id_card_enc),
          orgName: person.org_name,
        });
      },
    );

    app.post(
      '/api/user/update-password',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: 'Changes the password (fields plain or RSA-OAEP ciphertext, like login)',
          body: updatePasswordWire,
          response: { 200: envelope(z.object({ updated: z.literal(true) })), ...errors },
        },
      },
      async (request) => {
        await changePassword(ctx, userOf(request).personId, request.body);
        return ok({ updated: true as const });
      },
    );

    // (send-password-code: its name of the release before, for a page still open on that build)
    for (const url of ['/api/user/send-own-phone-code', '/api/user/send-password-code']) {
      app.get(
        url,
        {
          preHandler: requireUser(ctx),
          schema: {
            tags,
            summary:
              "Send a check code to the signed-in learner's own phone: to set a password without the current one, or to change the phone",
            response: { 200: envelope(sendCheckCodeResponse), ...errors },
          },
        },
        async (request) => ok(await sendOwnPhoneCode(ctx, userOf(request).personId, request.ip)),
      );
    }

    app.post(
      '/api/user/password-by-code',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary:
            'Sets a new password proven by the code sent to his own phone (newPassword plain or RSA-OAEP ciphertext); for a learner who has none (imported without one) or forgot it',
          body: codePasswordWire,
          response: { 200: envelope(z.object({ updated: z.literal(true) })), ...errors },
        },
      },
      async (request) => {
        await passwordByCode(ctx, userOf(request).personId, request.body);
        return ok({ updated: true as const });
      },
    );

    app.get(
      '/api/user/send-phone-code/:tel',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary: "Send a check code to the signed-in learner's new phone (not one another account uses)",
          params: telParam,
          response: { 200: envelope(sendCheckCodeResponse), ...errors, 409: errorEnvelope },
        },
      },
      async (request) =>
        ok(
          await sendCheckCode(ctx, request.params.tel, request.ip, {
            for: 'phone',
            personId: userOf(request).personId,
          }),
        ),
    );

    app.post(
      '/api/user/update-phone',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags,
          summary:
            'Changes the phone, proven by the code sent to the new number and by a code sent to the current one (oldCheckCode) — or, with no phone on the account, by its password (plain or RSA-OAEP ciphertext)',
          body: updatePhoneBody,
          response: { 200: envelope(z.object({ phone: z.string() })), ...errors },
        },
      },
      async (request) => {
        await changePhone(ctx, userOf(request).personId, request.body);
        return ok({ phone: maskPhone(request.body.telPhoto) });
      },
    );
  };
