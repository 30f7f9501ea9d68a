import { ErrorCode, errorTable } from '@anxun/shared/errors';

/** The one exception type services throw; the error handler turns it into an envelope. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    /** seconds, for 429/423 answers */
    readonly retryAfter?: number,
  ) {
    const info = errorTable[code];
    super(message ?? info.msg);
    this.status = info.status;
  }
}

export const ok = <T>(data: T) => ({ code: ErrorCode.OK as number, msg: errorTable[ErrorCode.OK].msg, data });
