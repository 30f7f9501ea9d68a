import { ErrorCode, errorTable } from '@anxun/shared/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../core/db-errors.js';
import { BadCiphertextError } from '../infra/crypto.js';
import { AppError } from './app-error.js';
import { errorForLog } from './log-redaction.js';

const where: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

/** The openings of zod's own zh-CN messages (zod/v4/locales/zh-CN.js), and of ours in their place (validation-texts). */
const ZOD_GENERIC =
  /^(无效|数值过[大小]|出现未知的键|须为有限的数字|长度不能[超少]|不能[多少大小于]|不能为空$)|中的键\(key\)无效|中包含无效值/;

function validationMessage(error: Parameters<typeof hasZodFastifySchemaValidationErrors>[0]): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return errorTable[ErrorCode.BAD_REQUEST].msg;
  const first = error.validation[0];
  if (!first) return errorTable[ErrorCode.BAD_REQUEST].msg;
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = first.message ?? errorTable[ErrorCode.BAD_REQUEST].msg;
  // Our own texts (spec §5, the forms' rules) are sentences a person reads as they are; zod's
  // generic ones (its zh-CN locale) get the field named, for whoever wrote the request.
  if (!ZOD_GENERIC.test(message) || !field) return message;
  const context = where[(error as { validationContext?: string }).validationContext ?? ''] ?? '';
  return `${context}${field}: ${message}`;
}

function send(reply: FastifyReply, status: number, code: number, msg: string): FastifyReply {
  // Refused before the body was read (too large): close the connection rather than leave the
  // client's unread upload holding it open.
  if (status === 413) reply.header('Connection', 'close');
  return reply.status(status).type('application/json; charset=utf-8').send({ code, msg, data: null });
}

/**
 * One error handler for the whole API: known failures become their envelope, bad input a
 * 4xx, and anything unexpected a 500 whose details stay in the log.
 */
/** Errors Fastify meets before routing (a malformed %-escape in the path, say). */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void send(reply, 400, ErrorCode.BAD_REQUEST, error.code === 'FST_ERR_BAD_URL' ? '请求地址格式有误' : '请求格式有误');
}

/** Malformed HTTP (a wrong Content-Length): Node answers before Fastify sees a request. */
export function clientErrorResponse(): string {
  const body = JSON.stringify({ code: ErrorCode.BAD_REQUEST, msg: '请求格式有误', data: null });
  return (
    'HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (thrown instanceof AppError) {
      const error = thrown;
      if (error.retryAfter) reply.header('Retry-After', String(error.retryAfter));
      return send(reply, error.status, error.code, error.message);
    }
    // Anything that fails to decrypt RSA-OAEP fields (login, register, update-Warp's entity).
    if (thrown instanceof BadCiphertextError) {
      return send(reply, 400, ErrorCode.BAD_CIPHERTEXT, errorTable[ErrorCode.BAD_CIPHERTEXT].msg);
    }
    const error = thrown as FastifyError;
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return send(reply, 400, ErrorCode.BAD_REQUEST, validationMessage(error));
    }
    // PostgreSQL refuses some text (a NUL byte) that schemas should already have stopped.
    if (error.code === '22021' || error.code === '22P05') {
      return send(reply, 400, ErrorCode.BAD_REQUEST, '请求参数含有非法字符');
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      return send(reply, 413, ErrorCode.PAYLOAD_TOO_LARGE, errorTable[ErrorCode.PAYLOAD_TOO_LARGE].msg);
    }
    if (status === 415) {
      return send(reply, 415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, errorTable[ErrorCode.UNSUPPORTED_MEDIA_TYPE].msg);
    }
    if (status === 429) {
      return send(reply, 429, ErrorCode.RATE_LIMITED, errorTable[ErrorCode.RATE_LIMITED].msg);
    }
    // Fastify's and its plugins' own 4xx that are not a bad request: the code says the same as the status
    const sameAsStatus: Record<number, number> = {
      401: ErrorCode.UNAUTHORIZED,
      403: ErrorCode.FORBIDDEN,
      404: ErrorCode.NOT_FOUND,
    };
    if (sameAsStatus[status]) {
      return send(reply, status, sameAsStatus[status], errorTable[sameAsStatus[status] as ErrorCode].msg);
    }
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx: malformed JSON, empty JSON body, bad multipart, and the like.
      const msg =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? '请求体不是合法的JSON'
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? '请求体不能为空'
            : errorTable[ErrorCode.BAD_REQUEST].msg;
      return send(reply, status, ErrorCode.BAD_REQUEST, msg);
    }
    // the database out of reach: a 503 the balancer may retry on another node, not a 500
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: errorForLog(error) }, 'database unreachable');
      return send(reply, 503, ErrorCode.SERVICE_UNAVAILABLE, errorTable[ErrorCode.SERVICE_UNAVAILABLE].msg);
    }
    request.log.error({ err: errorForLog(error) }, 'unhandled error');
    return send(reply, 500, ErrorCode.SERVER_ERROR, errorTable[ErrorCode.SERVER_ERROR].msg);
  });

  app.setNotFoundHandler((request, reply) => {
    return send(reply, 404, ErrorCode.NOT_FOUND, `接口不存在: ${request.method} ${request.url.split('?')[0]}`);
  });
}
