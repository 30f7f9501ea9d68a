/**
 * One error model end to end: every failure the API can answer with has a code here,
 * one HTTP status and one message. The server's error handler and the web client's
 * interceptor both read this table, so the two cannot drift.
 */
export const ErrorCode = {
  OK: 200,
  BAD_REQUEST: 40000,
  UNAUTHORIZED: 40001,
  /** The session was replaced by a login elsewhere (spec §8: 40003 / 41003). */
  LOGGED_IN_ELSEWHERE: 40003,
  LOGGED_IN_ELSEWHERE_ALT: 41003,
  WRONG_CREDENTIALS: 40010,
  ACCOUNT_LOCKED: 40011,
  WRONG_CHECK_CODE: 40012,
  CHECK_CODE_EXPIRED: 40013,
  CHECK_CODE_TOO_SOON: 40014,
  BAD_CIPHERTEXT: 40015,
  SESSION_EXPIRED: 40016,
  BAD_REFRESH_TOKEN: 40017,
  SOCIAL_LOGIN_FORMAT: 40018,
  /** Face checks: the learner has no reference photo yet. */
  NO_FACE_REFERENCE: 40020,
  /** The photo has no usable face (none, several, too small, too dark…); msg says which. */
  FACE_REJECTED: 40021,
  /** A phone's capture token is unknown, used or expired. */
  CAPTURE_TOKEN_INVALID: 40022,
  WRONG_PASSWORD: 40023,
  /** A class that checks faces checks who sits its exam: a check is open (see the learner's open checks). */
  FACE_CHECK_REQUIRED: 40024,
  FORBIDDEN: 40300,
  NOT_FOUND: 40400,
  METHOD_NOT_ALLOWED: 40500,
  DUPLICATE: 40900,
  GONE: 41000,
  PAYLOAD_TOO_LARGE: 41300,
  RANGE_NOT_SATISFIABLE: 41600,
  UNSUPPORTED_MEDIA_TYPE: 41500,
  RATE_LIMITED: 42900,
  SERVER_ERROR: 50000,
  SERVICE_UNAVAILABLE: 50300,
  /** Client side only: a response without a body (spec §8). */
  UNKNOWN: 99999,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ErrorInfo {
  status: number;
  msg: string;
}

export const errorTable: Record<ErrorCode, ErrorInfo> = {
  [ErrorCode.OK]: { status: 200, msg: '操作成功' },
  [ErrorCode.BAD_REQUEST]: { status: 400, msg: '请求参数有误' },
  [ErrorCode.UNAUTHORIZED]: { status: 401, msg: '请先登录' },
  [ErrorCode.LOGGED_IN_ELSEWHERE]: { status: 401, msg: '异地登录' },
  [ErrorCode.LOGGED_IN_ELSEWHERE_ALT]: { status: 401, msg: '异地登录' },
  [ErrorCode.WRONG_CREDENTIALS]: { status: 401, msg: '用户名或密码错误' },
  [ErrorCode.ACCOUNT_LOCKED]: { status: 423, msg: '登录失败次数过多，账号已临时锁定，请稍后再试' },
  [ErrorCode.WRONG_CHECK_CODE]: { status: 400, msg: '验证码输入错误' },
  [ErrorCode.CHECK_CODE_EXPIRED]: { status: 400, msg: '验证码已失效，请重新获取' },
  [ErrorCode.CHECK_CODE_TOO_SOON]: { status: 429, msg: '验证码发送过于频繁，请60秒后再试' },
  [ErrorCode.BAD_CIPHERTEXT]: { status: 400, msg: '加密数据无法解密，请刷新页面后重试' },
  [ErrorCode.SESSION_EXPIRED]: { status: 401, msg: '登录已过期，请重新登录' },
  [ErrorCode.BAD_REFRESH_TOKEN]: { status: 401, msg: '登录凭证无效，请重新登录' },
  [ErrorCode.SOCIAL_LOGIN_FORMAT]: { status: 400, msg: '登录接口异常，未正确返回accessToken...，请检查JSON格式' },
  [ErrorCode.NO_FACE_REFERENCE]: { status: 409, msg: '请先在个人中心设置本人照片' },
  [ErrorCode.FACE_REJECTED]: { status: 400, msg: '照片中没有可用的人脸' },
  [ErrorCode.CAPTURE_TOKEN_INVALID]: { status: 410, msg: '二维码已失效，请在电脑上重新生成' },
  [ErrorCode.WRONG_PASSWORD]: { status: 400, msg: '原密码不正确' },
  [ErrorCode.FACE_CHECK_REQUIRED]: { status: 409, msg: '考试前请先完成人脸核验' },
  [ErrorCode.FORBIDDEN]: { status: 403, msg: '没有权限访问' },
  [ErrorCode.NOT_FOUND]: { status: 404, msg: '资源不存在' },
  [ErrorCode.METHOD_NOT_ALLOWED]: { status: 405, msg: '请求方法不被允许' },
  [ErrorCode.DUPLICATE]: { status: 409, msg: '数据已存在' },
  [ErrorCode.GONE]: { status: 410, msg: '该接口已停用' },
  [ErrorCode.PAYLOAD_TOO_LARGE]: { status: 413, msg: '请求内容过大' },
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: { status: 415, msg: '不支持的内容类型' },
  [ErrorCode.RANGE_NOT_SATISFIABLE]: { status: 416, msg: '请求的范围无效' },
  [ErrorCode.RATE_LIMITED]: { status: 429, msg: '请求过于频繁，请稍后再试' },
  [ErrorCode.SERVER_ERROR]: { status: 500, msg: '服务器异常，请稍后重试！' },
  [ErrorCode.SERVICE_UNAVAILABLE]: { status: 503, msg: '服务暂不可用，请稍后重试' },
  [ErrorCode.UNKNOWN]: { status: 500, msg: '未知错误' },
};

/** Spec §9: the codes a client treats as success. */
export const SUCCESS_CODES: ReadonlyArray<number | string> = [200, 0, '200', '0'];

export function isSuccessCode(code: unknown): boolean {
  return SUCCESS_CODES.includes(code as number | string);
}

export function isLoggedInElsewhere(code: unknown): boolean {
  return (
    code === ErrorCode.LOGGED_IN_ELSEWHERE ||
    code === ErrorCode.LOGGED_IN_ELSEWHERE_ALT ||
    code === String(ErrorCode.LOGGED_IN_ELSEWHERE) ||
    code === String(ErrorCode.LOGGED_IN_ELSEWHERE_ALT)
  );
}
