import { REQUEST_TIMEOUT_MS } from '@anxun/shared/constants';
import { ErrorCode, errorTable, isLoggedInElsewhere, isSuccessCode } from '@anxun/shared/errors';
import { notifyError } from './notify';

/**
 * The one API client (spec §7/§8): empty base, 10 s timeout, JSON UTF-8, the token in
 * `Authorization`, success codes 200/0/'200'/'0', a 5 s error toast with the server's msg,
 * a missing body → 99999 未知错误, HTTP 500 → 服务器异常，请稍后重试！, and 40003/41003 →
 * the session ended elsewhere (handled once by the listener the session store installs).
 */
export class ApiError extends Error {
  /** said to the user in a toast already (a request not asked to be silent) */
  notified = false;
  constructor(
    readonly code: number | string,
    message: string,
    readonly status: number,
    /** seconds the server asked to wait before trying again (its Retry-After) */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * How long a refused request asked to wait (a code sent too soon, too many codes), when it is a
 * wait worth counting down on a button (at most `max` seconds); 0 otherwise.
 */
export function retryWait(err: unknown, max = 600): number {
  const wait = err instanceof ApiError ? (err.retryAfter ?? 0) : 0;
  return wait > 0 && wait <= max ? Math.ceil(wait) : 0;
}

interface ClientHooks {
  getToken(): string | undefined;
  onLoggedInElsewhere(): void;
  /** renews an expired access token with the refresh token; true when it worked */
  renewSession(): Promise<boolean>;
}

let hooks: ClientHooks = {
  getToken: () => undefined,
  onLoggedInElsewhere: () => {},
  renewSession: async () => false,
};

/** Answers that mean "this access token no longer works" (expired, or rotated by another tab). */
const RENEWABLE = new Set<unknown>([ErrorCode.SESSION_EXPIRED, ErrorCode.UNAUTHORIZED]);
const NO_RENEW_PATHS = ['/api/login', '/api/refresh-token', '/api/logout'];

export function configureApiClient(next: ClientHooks): void {
  hooks = next;
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: Record<string, string>;
  body?: FormData;
  /** do not toast errors (the caller shows them in place) */
  silent?: boolean;
  signal?: AbortSignal;
  /** let the request outlive the page (a last progress report on page hide) */
  keepalive?: boolean;
  /** internal: this is the retry after a renewal */
  retried?: boolean;
  /** internal: ask the server, not an answer asked for ahead */
  fresh?: boolean;
}

/** An answer without the envelope (a proxy's page, say), with its HTTP status; 0 when there was none. */
const unknownError = (status = 0) => new ApiError(ErrorCode.UNKNOWN, errorTable[ErrorCode.UNKNOWN].msg, status);

type Query = RequestOptions['query'];

const queryString = (query: Query): string =>
  query
    ? '?' +
      new URLSearchParams(
        Object.entries(query)
          .filter(([, v]) => v !== undefined && v !== '')
          .map(([k, v]) => [k, String(v)]),
      ).toString()
    : '';

/** How long an answer asked for at start may stand in for the page's own request. */
const EARLY_FOR_MS = 30_000;
/** GET answers asked for ahead (`prefetch`), by address with its parameters in name order. */
const early = new Map<string, { at: number; token: string | undefined; answer: Promise<unknown> }>();
const earlyKey = (url: string, query: Query) =>
  url +
  queryString(query && Object.fromEntries(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));

/**
 * Asks a GET now that a page will ask once its code is here: a first visit's page then finds
 * its answer waiting instead of making its round trip after the code's. The page's first
 * identical ask (same address, parameters and token) takes it; one that failed, or waited
 * longer than 30 s, is asked again.
 */
export function prefetch(url: string, query?: Query): void {
  const answer = request('GET', url, { query, silent: true, fresh: true });
  answer.catch(() => undefined);
  early.set(earlyKey(url, query), { at: Date.now(), token: hooks.getToken(), answer });
}

export async function request<T>(method: string, url: string, options: RequestOptions = {}): Promise<T> {
  // (nothing to look up, and no key to build, once the answers asked ahead are taken)
  if (method === 'GET' && !options.fresh && early.size > 0) {
    const key = earlyKey(url, options.query);
    const started = early.get(key);
    early.delete(key);
    if (started && started.token === hooks.getToken() && Date.now() - started.at < EARLY_FOR_MS) {
      return (started.answer as Promise<T>).catch(() => request<T>(method, url, { ...options, fresh: true }));
    }
  }
  const query = queryString(options.query);
  const headers: Record<string, string> = {};
  const token = hooks.getToken();
  if (token) headers.Authorization = token;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json;charset=UTF-8';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body) {
    body = options.body;
  }

  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let error: ApiError;
  try {
    const res = await fetch(url + query, {
      method,
      headers,
      body: body ?? null,
      signal,
      credentials: 'omit',
      keepalive: options.keepalive ?? false,
    });
    const text = await res.text();
    let envelope: { code?: unknown; msg?: unknown; data?: unknown } | undefined;
    try {
      envelope = text ? JSON.parse(text) : undefined;
    } catch {
      envelope = undefined;
    }
    if (envelope && isSuccessCode(envelope.code)) return envelope.data as T;
    if (envelope && token && !options.retried && RENEWABLE.has(envelope.code) && !NO_RENEW_PATHS.includes(url)) {
      if (await hooks.renewSession()) return request<T>(method, url, { ...options, retried: true });
    }
    if (envelope && isLoggedInElsewhere(envelope.code)) {
      hooks.onLoggedInElsewhere();
      throw new ApiError(envelope.code as number, String(envelope.msg ?? '异地登录'), res.status);
    }
    if (res.status >= 500 && !envelope) {
      error = new ApiError(ErrorCode.SERVER_ERROR, errorTable[ErrorCode.SERVER_ERROR].msg, res.status);
    } else if (!envelope) {
      error = unknownError(res.status);
    } else {
      const retryAfter = Number(res.headers.get('retry-after'));
      error = new ApiError(
        (envelope.code as number) ?? ErrorCode.UNKNOWN,
        typeof envelope.msg === 'string' && envelope.msg ? envelope.msg : errorTable[ErrorCode.UNKNOWN].msg,
        res.status,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      );
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
    error = new ApiError(ErrorCode.UNKNOWN, timedOut ? '请求超时，请稍后重试' : '网络异常，请检查网络连接', 0);
  }
  if (!options.silent) {
    notifyError(error.message);
    error.notified = true;
  }
  throw error;
}

export const api = {
  get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, options),
  post: <T>(url: string, options?: RequestOptions) => request<T>('POST', url, options),
  put: <T>(url: string, options?: RequestOptions) => request<T>('PUT', url, options),
  delete: <T>(url: string, options?: RequestOptions) => request<T>('DELETE', url, options),
};

/** The current token, for requests outside this client (a file download). */
export const currentToken = (): string | undefined => hooks.getToken();
