import crypto from 'node:crypto';
import {
  CHECK_CODE_LENGTH,
  CHECK_CODE_MAX_ATTEMPTS,
  CHECK_CODE_RESEND_SECONDS,
  CHECK_CODE_TTL_SECONDS,
} from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import { Msg } from '@anxun/shared/messages';
import { isSmsMobile, isTelOrMobile, maskPhone } from '@anxun/shared/validators';
import { SmsError } from '../../infra/sms.js';
import type { AppContext } from '../../app-context.js';
import { hmac, randomDigits, safeEqual } from '../../infra/crypto.js';
import { findPersonByPhone } from '../../core/person.repository.js';
import { findRejection } from '../../core/registration-rejection.repository.js';
import { AppError } from '../../http/app-error.js';
import {
  consumeCheckCode,
  deleteCheckCode,
  findLatestCheckCode,
  insertCheckCode,
  spendCheckCodeAttempt,
} from './check-code.repository.js';

/** What the learner is told when the provider does not send. */
const SMS_ERRORS = {
  RATE_LIMITED: { code: ErrorCode.RATE_LIMITED, msg: '该手机号接收短信过于频繁，请稍后再试' },
  INVALID_NUMBER: { code: ErrorCode.BAD_REQUEST, msg: '该手机号无法接收短信，请检查号码' },
  FAILED: { code: ErrorCode.SERVICE_UNAVAILABLE, msg: '短信发送失败，请稍后再试或使用账号密码登录' },
} as const;

const codeHash = (ctx: AppContext, phone: string, code: string) => hmac(ctx.keys.secret, `check-code:${phone}:${code}`);

/**
 * What a code is for: logging in (the number has an account, or had a registration a
 * manager rejected: the code proves the phone, and login tells him), registering (the number
 * has none), or a signed-in learner's new phone (no one else's, not his own already).
 */
export type CheckCodePurpose = { for: 'login' } | { for: 'register' } | { for: 'phone'; personId: string };

/**
 * Sends a 6-digit code to a mobile. The code itself never leaves the server except through
 * the SMS provider (DESIGN.md departure: the described site returned it to the browser).
 */
export async function sendCheckCode(ctx: AppContext, tel: string, ip: string, purpose: CheckCodePurpose) {
  const phone = tel.trim();
  if (!phone) throw new AppError(ErrorCode.BAD_REQUEST, Msg.MOBILE_REQUIRED);
  if (!isTelOrMobile(phone)) throw new AppError(ErrorCode.BAD_REQUEST, Msg.TEL_INVALID);
  // A landline passes the form's pattern but cannot receive a text.
  if (!isSmsMobile(phone)) throw new AppError(ErrorCode.BAD_REQUEST, Msg.MOBILE_INVALID);

  const ipWait = (await ctx.limiters.checkCodePerIp.hit(ip)) || (await ctx.limiters.checkCodePerIpDaily.hit(ip));
  if (ipWait) throw new AppError(ErrorCode.RATE_LIMITED, undefined, ipWait);

  const now = ctx.now();
  const latest = await findLatestCheckCode(ctx.db, phone);
  if (latest) {
    const wait = Math.ceil((latest.created_at + CHECK_CODE_RESEND_SECONDS * 1000 - now) / 1000);
    if (wait > 0) throw new AppError(ErrorCode.CHECK_CODE_TOO_SOON, `验证码发送过于频繁，请${wait}秒后再试`, wait);
  }

  // The read above gives the exact wait; this counter makes the 60 s rule hold for parallel
  // sends too (and across nodes with Redis), which a read-then-insert cannot.
  const phoneWait = await ctx.limiters.checkCodePerPhone.hit(phone);
  if (phoneWait) {
    throw new AppError(ErrorCode.CHECK_CODE_TOO_SOON, `验证码发送过于频繁，请${phoneWait}秒后再试`, phoneWait);
  }
  const dailyWait = await ctx.limiters.checkCodePerPhoneDaily.hit(phone);
  if (dailyWait) throw new AppError(ErrorCode.RATE_LIMITED, '今日验证码发送次数已达上限，请明天再试', dailyWait);

  // A number that cannot use the code is told so before a text is spent: registering with one
  // that has an account, logging in with one that has none (no text to a stranger's phone),
  // a new phone that is someone's. Asking costs the number's daily budget like a send, so
  // numbers cannot be probed faster than codes can be sent to them (ten a day); not its
  // minute — no text went, and the learner told 请先注册 goes on to register with it at once.
  const owner = await findPersonByPhone(ctx.db, phone);
  const known = Boolean(owner);
  const unusable = async (err: AppError): Promise<never> => {
    await ctx.limiters.checkCodePerPhone.refund(phone);
    throw err;
  };
  if (purpose.for === 'register' && owner) {
    await unusable(new AppError(ErrorCode.DUPLICATE, '该手机号已注册，请直接登录'));
  }
  if (purpose.for === 'login' && !owner && !(await findRejection(ctx.db, ctx.keys.idCards, phone, now))) {
    await unusable(new AppError(ErrorCode.NOT_FOUND, '该手机号尚未注册，请先注册'));
  }
  if (purpose.for === 'phone' && owner) {
    await unusable(
      owner.id === purpose.personId
        ? new AppError(ErrorCode.BAD_REQUEST, '新手机号与当前手机号相同')
        : new AppError(ErrorCode.DUPLICATE, '该手机号已被其他账号使用'),
    );
  }

  // the platform's daily ceiling, all numbers together: a script sending to many numbers (each
  // within its own budgets) stops here, not at the SMS bill. Numbers without an account (a
  // registration, or a script's made-up ones) may spend half of it only, so such a script
  // cannot stop the texts of learners who have accounts
  const refuse = async (wait: number, refundNewNumbers: boolean): Promise<never> => {
    await ctx.limiters.checkCodePerPhone.refund(phone);
    await ctx.limiters.checkCodePerPhoneDaily.refund(phone);
    if (refundNewNumbers) await ctx.limiters.checkCodeDailyNewNumbers.refund('platform');
    ctx.log.warn(
      { known, limit: ctx.config.rateLimits.checkCodeDaily.points },
      'a daily check-code ceiling is reached',
    );
    throw new AppError(ErrorCode.RATE_LIMITED, '今日验证码发送量已达平台上限，请稍后再试或使用账号密码登录', wait);
  };
  const newWait = known ? 0 : await ctx.limiters.checkCodeDailyNewNumbers.hit('platform');
  if (newWait) await refuse(newWait, false);
  const platformWait = await ctx.limiters.checkCodeDaily.hit('platform');
  if (platformWait) await refuse(platformWait, !known);

  const code = randomDigits(CHECK_CODE_LENGTH);
  const id = crypto.randomUUID();
  await insertCheckCode(ctx.db, {
    id,
    phone,
    purpose: 'sms',
    code_hash: codeHash(ctx, phone, code),
    created_at: now,
    expires_at: now + CHECK_CODE_TTL_SECONDS * 1000,
    attempts: 0,
    used_at: null,
  });
  try {
    await ctx.sms.sendCode(phone, code, CHECK_CODE_TTL_SECONDS / 60);
  } catch (err) {
    // a code no one received is no code: it goes, the send is not counted against the number,
    // and the learner is told why
    await deleteCheckCode(ctx.db, id);
    await ctx.limiters.checkCodePerPhone.refund(phone);
    await ctx.limiters.checkCodePerPhoneDaily.refund(phone);
    await ctx.limiters.checkCodeDaily.refund('platform');
    if (!known) await ctx.limiters.checkCodeDailyNewNumbers.refund('platform');
    if (!(err instanceof SmsError)) throw err;
    ctx.log.warn({ phone: maskPhone(phone), sms: err.detail }, 'check code not sent');
    throw new AppError(SMS_ERRORS[err.kind].code, SMS_ERRORS[err.kind].msg);
  }
  return { resendAfter: CHECK_CODE_RESEND_SECONDS, expiresIn: CHECK_CODE_TTL_SECONDS };
}

/**
 * Checks the latest code sent to the phone (each check counts against its attempts) and
 * answers a `use` that uses it up; throws 验证码输入错误 otherwise. A caller that may still
 * refuse for another reason (registration: the ID number is taken) uses it only once it will
 * not, so the person can correct the form and send the same code again.
 */
export async function checkCheckCode(ctx: AppContext, phone: string, code: string): Promise<{ use(): Promise<void> }> {
  const latest = await findLatestCheckCode(ctx.db, phone);
  if (!latest || latest.used_at !== null) throw new AppError(ErrorCode.WRONG_CHECK_CODE);
  if (latest.expires_at <= ctx.now()) throw new AppError(ErrorCode.CHECK_CODE_EXPIRED);
  if (!(await spendCheckCodeAttempt(ctx.db, latest.id, CHECK_CODE_MAX_ATTEMPTS))) {
    throw new AppError(ErrorCode.CHECK_CODE_EXPIRED);
  }
  if (!safeEqual(codeHash(ctx, phone, code.trim()), latest.code_hash)) {
    throw new AppError(ErrorCode.WRONG_CHECK_CODE);
  }
  return {
    // two requests with one code: only one uses it
    use: async () => {
      if (!(await consumeCheckCode(ctx.db, latest.id, ctx.now()))) throw new AppError(ErrorCode.WRONG_CHECK_CODE);
    },
  };
}

/** Checks and uses up the latest code sent to the phone; throws 验证码输入错误 otherwise. */
export async function verifyCheckCode(ctx: AppContext, phone: string, code: string): Promise<void> {
  await (await checkCheckCode(ctx, phone, code)).use();
}
