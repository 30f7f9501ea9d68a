import type { FastifyRequest } from 'fastify';

/**
 * Request logs must never hold a password, check code, token or ID number. Bodies are not
 * logged at all; query strings are, so sensitive query values (login's compatibility form,
 * the websocket's Authorization) are masked here, and the Authorization header never logged.
 */
const SENSITIVE_QUERY_KEYS = new Set(
  [
    'password',
    'username',
    'checkcode',
    'telphoto',
    'authorization',
    'token',
    'accesstoken',
    'refreshtoken',
    'idcard',
    'sig',
  ].map((k) => k.toLowerCase()),
);

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return redactPath(url);
  const params = new URLSearchParams(url.slice(q + 1));
  const out: string[] = [];
  for (const [key, value] of params) {
    const shown = SENSITIVE_QUERY_KEYS.has(key.toLowerCase()) ? '[REDACTED]' : maskIdNumbers(value);
    out.push(`${encodeURIComponent(key)}=${shown}`);
  }
  return `${redactPath(url.slice(0, q))}?${out.join('&')}`;
}

/** Anything shaped like an ID card number (17 digits + digit/X), in a path or any query value. */
function maskIdNumbers(text: string): string {
  return text.replace(/(\d{6})\d{8}(\d{3}[\dXx])/g, '$1********$2');
}

function redactPath(pathname: string): string {
  return maskIdNumbers(pathname);
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});
