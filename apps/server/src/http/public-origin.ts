import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';

/**
 * The origin the links a server prints name (a certificate's 查验 QR code, a phone's camera
 * QR): PUBLIC_URL when set. The request's Host is the client's to write — a learner asking
 * with `Host: evil.example` got a genuine certificate whose QR led to a site of his own.
 */
export const publicOrigin = (ctx: AppContext, request: FastifyRequest): string =>
  ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
