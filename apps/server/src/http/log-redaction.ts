import type { FastifyRequest } from 'fastify';

/**
 * Request logs must never hold a password, check code, token, ID number or whole phone number. Bodies are not
 * logged at all; query strings are, so sensitive query values (login's compatibility form,
 * the websocket's Authorization) are masked here, and the Authorization header never logged.
 * A key is sensitive when it merely contains one of these words (password[], Password%00…).
 */
const SENSITIVE_KEY = /pass|pwd|code|token|auth|card|user|tel|phone|sig|secret|key/i;

/** Paths whose whole query string is credentials (login's compatibility form). */
const CREDENTIAL_PATHS = new Set(['/api/login', '/api/socialLogin', '/api/register']);

export function redactUrl(url: string): string {
  const cut = url.search(/[?;]/);
  if (cut < 0) return redactPath(url);
  const pathname = url.slice(0, cut);
  if (CREDENTIAL_PATHS.has(pathname)) return `${redactPath(pathname)}?[REDACTED]`;
  const params = new URLSearchParams(url.slice(cut + 1).replaceAll(';', '&'));
  const out: string[] = [];
  for (const [key, value] of params) {
    const shown = SENSITIVE_KEY.test(key) ? '[REDACTED]' : maskNumbers(value);
    out.push(`${maskNumbers(key)}=${shown}`);
  }
  return `${redactPath(pathname)}?${out.join('&')}`;
}

/**
 * Anything shaped like an ID card number (17 digits + digit/X), in a path, a query value or an
 * audit summary: masked as every answer masks one (maskIdCard: 3 + 11 stars + 4; the district
 * code the first six digits are is not kept either).
 */
export function maskIdNumbers(text: string): string {
  return text.replace(/(\d{3})\d{11}(\d{3}[\dXx])/g, '$1***********$2');
}

/**
 * A mainland mobile number standing alone (a path's `:tel`, a console search for one): masked
 * as every answer and the SMS line mask one (maskPhone: 3 + 4 stars + 4) — also as people
 * type one: after +86, 0086 or 86, in groups split by spaces, dots or dashes (encoded or not).
 */
const GAP = String.raw`(?:[\s.-]|%20|%2[dD]|\+)?`;
const PHONE = new RegExp(
  String.raw`(?<!\d)(?:(?:\+|%2[bB]|00)?86${GAP})?(1[3-9]\d)${GAP}\d{4}${GAP}(\d{4})(?!\d)`,
  'g',
);
const maskPhones = (text: string): string => text.replace(PHONE, '$1****$2');

const maskNumbers = (text: string): string => maskPhones(maskIdNumbers(text));

function redactPath(pathname: string): string {
  return maskNumbers(pathname);
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});

/**
 * An unexpected error as the log may hold it: its kind, code, message and stack with ID
 * numbers masked — never the driver's `detail` (PostgreSQL names the offending value there).
 */
export const errorForLog = (error: Error & { code?: unknown }) => ({
  type: error.name,
  code: error.code,
  message: maskIdNumbers(error.message),
  stack: error.stack ? maskIdNumbers(error.stack) : undefined,
});
