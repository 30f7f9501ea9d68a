import crypto from 'node:crypto';
import { RegistrationMode, Role } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import { Msg } from '@anxun/shared/messages';
import { idCardPieces, isPersonalPassword, PASSWORD_PERSONAL } from '@anxun/shared/validators';
import {
  accountLoginForm,
  phoneLoginForm,
  registerForm,
  updatePasswordForm,
  codePasswordForm,
  type LoginResponse,
  type LoginWire,
} from '@anxun/shared/schemas/auth';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { DUMMY_PASSWORD_HASH, decryptField, hashPassword, verifyPassword } from '../../infra/crypto.js';
import { AppError } from '../../http/app-error.js';
import { checkCheckCode, sendCheckCode, verifyCheckCode } from './check-code.service.js';
import { findOrgByCode } from '../../core/org.repository.js';
import { exportedIdCard, idCardColumns } from '../../core/id-cards.js';
import {
  clearFailedLogins,
  findLockedUntil,
  findPersonByLoginName,
  findPersonByPhone,
  findPersonConflicts,
  findPersonById,
  insertPerson,
  lockAccount,
  retireTemporaryPassword,
  updatePassword,
  updatePhone,
  type PersonWithOrg,
} from '../../core/person.repository.js';
import { accountDisabled, startSession, type DeviceInfo } from '../../core/session.service.js';
import { publishPersonsChanged } from '../../core/person-cache.js';
import { notifyPerson } from '../../core/person-notice.js';
import { findRejection, forgetRejections } from '../../core/registration-rejection.repository.js';

/** What a registrant a manager rejected is told when he logs in (for 30 days). */
/** The organisation was stopped by the platform operator (a contract ended, say). */
const ORG_DISABLED = '所在单位已停用，请联系单位的培训管理员';
const REJECTED = '您的注册未通过培训管理员审核，请联系培训管理员，或重新注册';

/** Removes the RSA layer from every present field (each may be ciphertext or plain). */
export async function decryptWire<T extends Record<string, string | undefined>>(ctx: AppContext, wire: T): Promise<T> {
  const fields = await Promise.all(
    Object.entries(wire).map(async ([key, value]) => [
      key,
      value === undefined ? undefined : await decryptField(value, ctx.keys.privateKey),
    ]),
  );
  return Object.fromEntries(fields) as T;
}

/** Parses with a shared form schema; the first issue's text (spec §5) is the answer. */
function parseForm<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError(ErrorCode.BAD_REQUEST, result.error.issues[0]?.message);
  return result.data;
}

async function throttleIp(ctx: AppContext, ip: string): Promise<void> {
  const wait = await ctx.limiters.loginPerIp.hit(ip);
  if (wait) throw new AppError(ErrorCode.RATE_LIMITED, undefined, wait);
}

/** One budget per person (or phone), whichever name the attempts use. */
async function throttleAccount(ctx: AppContext, key: string): Promise<void> {
  const wait = await ctx.limiters.loginPerAccount.hit(key);
  if (wait) throw new AppError(ErrorCode.RATE_LIMITED, undefined, wait);
}

/** The one answer to too many guesses, for a real account and an unknown name alike. */
const tooManyGuesses = (seconds: number) =>
  new AppError(
    ErrorCode.RATE_LIMITED,
    `登录尝试过于频繁，请${Math.ceil(seconds / 60)}分钟后再试，或使用手机验证码登录`,
    seconds,
  );

/**
 * A password attempt spends, before it is compared, one try of the name from this address
 * (five in fifteen minutes) and one of the name's ceiling from all addresses (thirty): a
 * burst gets no more comparisons than that, a right password gives its tries back. A
 * guesser locks only himself out, never the learner at his own desk; one with many
 * addresses meets the ceiling, which also shows the account as locked in the console (where
 * a manager can lift it). Known and unknown names are counted and answered alike (ASVS 2.2).
 */
async function spendPasswordTry(
  ctx: AppContext,
  name: string,
  person: { id: string; updated_at: number } | undefined,
  ip: string,
) {
  // per address, the name as typed, whether or not it is someone's (its case folded: 'DEMO'
  // must not answer differently from 'demo' after guesses at one of them); a person's count
  // starts again when his record was changed for him — a password reset or an unlock by his
  // manager lets him in at his own desk with it, not 15 minutes later
  const addressKey = person
    ? `name:${name.toUpperCase()}:${person.updated_at}@${ip}`
    : `name:${name.toUpperCase()}@${ip}`;
  const accountKey = person ? `person:${person.id}` : `name:${name.toUpperCase()}`;
  const here = await ctx.limiters.loginFailuresPerAddress.hit(addressKey);
  if (here) throw tooManyGuesses(here);
  const everywhere = await ctx.limiters.loginPerAccount.hit(accountKey);
  if (everywhere) {
    if (person) await lockAccount(ctx.db, person.id, ctx.now() + everywhere * 1000);
    throw tooManyGuesses(everywhere);
  }
  return {
    /** the password was right: these were no guesses */
    async giveBack() {
      await ctx.limiters.loginFailuresPerAddress.refund(addressKey);
      await ctx.limiters.loginPerAccount.refund(accountKey);
    },
  };
}

/**
 * A disabled account (a training manager's decision) does not log in. Said only after the
 * password or the code proved it is the person asking, so it tells a stranger nothing.
 */
function refuseDisabled(person: {
  role: string;
  disabled_at: number | null;
  pending_since: number | null;
  org_disabled_at: number | null;
}): void {
  if (person.org_disabled_at !== null) throw new AppError(ErrorCode.FORBIDDEN, ORG_DISABLED);
  if (person.disabled_at !== null) {
    throw new AppError(ErrorCode.FORBIDDEN, accountDisabled(person.role));
  }
  if (person.pending_since !== null) {
    throw new AppError(ErrorCode.FORBIDDEN, '注册信息正在等待培训管理员审核，审核通过后即可登录');
  }
}

export async function loginWithPassword(ctx: AppContext, input: unknown, device: Omit<DeviceInfo, 'client'>) {
  const form = parseForm(accountLoginForm, input);
  const person = await findPersonByLoginName(ctx.db, ctx.keys.idCards, form.username);
  const tries = await spendPasswordTry(ctx, form.username, person, device.ip);
  if (!person) {
    // A registration a manager rejected is told so, once the password proves it is him;
    // anyone else is verified against a dummy hash, so the answer time does not tell the name is unknown.
    const rejected = await findRejection(ctx.db, ctx.keys.idCards, form.username, ctx.now());
    if (await verifyPassword(form.password, rejected?.password_hash ?? DUMMY_PASSWORD_HASH)) {
      if (rejected) throw new AppError(ErrorCode.FORBIDDEN, REJECTED);
    }
    throw new AppError(ErrorCode.WRONG_CREDENTIALS);
  }
  // a manager's lock, or the ceiling met by guesses from many addresses
  const lockedUntil = await findLockedUntil(ctx.db, person.id);
  if (lockedUntil && lockedUntil > ctx.now()) {
    await verifyPassword(form.password, DUMMY_PASSWORD_HASH);
    throw tooManyGuesses(Math.ceil((lockedUntil - ctx.now()) / 1000));
  }
  if (!(await verifyPassword(form.password, person.password_hash))) throw new AppError(ErrorCode.WRONG_CREDENTIALS);
  await tries.giveBack();
  refuseDisabled(person);
  return startSession(ctx, person, { ...device, client: form.client });
}

export async function loginWithCheckCode(ctx: AppContext, input: unknown, device: Omit<DeviceInfo, 'client'>) {
  const form = parseForm(phoneLoginForm, input);
  await throttleAccount(ctx, `phone:${form.telPhoto}`);
  await verifyCheckCode(ctx, form.telPhoto, form.checkCode);
  const person = await findPersonByPhone(ctx.db, form.telPhoto);
  if (!person) {
    // the code proved the phone: its registration, rejected by a manager, is told so
    if (await findRejection(ctx.db, ctx.keys.idCards, form.telPhoto, ctx.now())) {
      throw new AppError(ErrorCode.FORBIDDEN, REJECTED);
    }
    throw new AppError(ErrorCode.WRONG_CREDENTIALS, '该手机号尚未注册，请先注册');
  }
  refuseDisabled(person);
  // the code proves the person: a lock from others' guesses no longer stands in his way
  await clearFailedLogins(ctx.db, person.id);
  await ctx.limiters.loginPerAccount.reset(`person:${person.id}`);
  if (person.temporary_password_at === null) return startSession(ctx, person, { ...device, client: form.client });
  // a password someone else set, which he did not use: the phone proved him, so it goes —
  // nobody holding it on a list opens his account any more — and he is not asked for it; he
  // sets one of his own in 个人中心 with a code whenever he wants to log in by password
  const now = ctx.now();
  const unusable = await hashPassword(crypto.randomBytes(24).toString('base64'));
  const since = person.temporary_password_at;
  const retired = await ctx.db.transaction().execute(async (trx) => {
    if (!(await retireTemporaryPassword(trx, person.id, since, unusable, now))) return false;
    await notifyPerson(trx, {
      personId: person.id,
      title: '为您设置的密码已失效',
      content:
        '您已用手机验证码登录，此前为您设置的密码随之失效。以后可继续用手机验证码登录；如需用密码登录，请在“个人中心 → 修改密码”中用手机验证码设置自己的密码。',
      now,
    });
    return true;
  });
  // (a reset or his own change in the meantime stands, and its flag with it)
  if (!retired) return startSession(ctx, person, { ...device, client: form.client });
  await publishPersonsChanged(ctx, [person.id]);
  return startSession(ctx, { ...person, temporary_password_at: null }, { ...device, client: form.client });
}

/** `POST /api/login`: the phone form when `telPhoto` is present, else the account form. */
export async function login(
  ctx: AppContext,
  wire: LoginWire,
  device: Omit<DeviceInfo, 'client'>,
): Promise<LoginResponse> {
  // Before any RSA work: decrypting is the expensive part of a login request.
  await throttleIp(ctx, device.ip);
  const plain = await decryptWire(ctx, wire);
  if (plain.telPhoto !== undefined || plain.checkCode !== undefined) {
    return loginWithCheckCode(ctx, plain, device);
  }
  return loginWithPassword(ctx, plain, device);
}

export async function socialLogin(ctx: AppContext, wire: LoginWire, device: Omit<DeviceInfo, 'client'>) {
  if (wire.username === undefined && wire.telPhoto === undefined) {
    throw new AppError(ErrorCode.SOCIAL_LOGIN_FORMAT);
  }
  return login(ctx, wire, device);
}

export async function register(ctx: AppContext, wire: Record<string, string | undefined>, ip: string) {
  const wait = await ctx.limiters.registerPerIp.hit(ip);
  if (wait) throw new AppError(ErrorCode.RATE_LIMITED, undefined, wait);
  const form = parseForm(registerForm, await decryptWire(ctx, wire));
  const org = await findOrgByCode(ctx.db, form.orgCode);
  if (!org) throw new AppError(ErrorCode.BAD_REQUEST, '单位编码不存在，请向培训管理员确认');
  if (org.disabled_at !== null) throw new AppError(ErrorCode.FORBIDDEN, ORG_DISABLED);
  // The code comes first: only the phone's owner learns whether a number is registered. It is
  // used up once nothing else refuses the form: corrected, it goes again with the same code.
  const code = await checkCheckCode(ctx, form.phone, form.checkCode);
  const conflicts = await findPersonConflicts(ctx.db, ctx.keys.idCards, { idCard: form.idCard, phone: form.phone });
  if (conflicts.idCardTaken) throw new AppError(ErrorCode.DUPLICATE, '该身份证号已注册，请直接登录');
  if (conflicts.phoneTaken) throw new AppError(ErrorCode.DUPLICATE, '该手机号已注册，请直接登录');
  await code.use();
  const now = ctx.now();
  const id = crypto.randomUUID();
  // An organisation that approves registrations keeps the new learner waiting (no login) until then.
  const pending = org.registration_mode === RegistrationMode.APPROVAL;
  try {
    await insertPerson(ctx.db, {
      id,
      org_id: org.id,
      role: Role.LEARNER,
      account: null,
      name: form.name,
      ...idCardColumns(ctx.keys.idCards, id, form.idCard),
      phone: form.phone,
      password_hash: await hashPassword(form.password),
      avatar_file_id: null,
      failed_logins: 0,
      locked_until: null,
      created_at: now,
      updated_at: now,
      pending_since: pending ? now : null,
    });
  } catch (err) {
    // Two registrations racing for the same number: the unique index decides.
    if (/unique|duplicate/i.test(String((err as Error).message))) {
      throw new AppError(ErrorCode.DUPLICATE, '该身份证号或手机号已注册，请直接登录');
    }
    throw err;
  }
  await forgetRejections(ctx.db, form.phone, ctx.keys.idCards.index(form.idCard));
  return { userId: id, pending };
}

export async function currentUser(ctx: AppContext, personId: string) {
  const person = await findPersonById(ctx.db, personId);
  if (!person) throw new AppError(ErrorCode.UNAUTHORIZED);
  return person;
}

/** A password one chooses holds nothing others know of him: his phone, account, ID number. */
function refusePersonal(ctx: AppContext, person: PersonWithOrg, password: string): void {
  const idCard = exportedIdCard(ctx.keys.idCards, person.id, person.id_card_enc, true);
  if (isPersonalPassword(password, [person.phone, person.account, ...idCardPieces(idCard)])) {
    throw new AppError(ErrorCode.BAD_REQUEST, PASSWORD_PERSONAL);
  }
}

/** The personal centre: a new password after the current one is confirmed (guessing is throttled like login). */
export async function changePassword(
  ctx: AppContext,
  personId: string,
  wire: { oldPassword: string; newPassword: string },
) {
  const form = parseForm(updatePasswordForm, await decryptWire(ctx, wire));
  await throttleAccount(ctx, `person:${personId}`);
  const person = await findPersonById(ctx.db, personId);
  if (!person) throw new AppError(ErrorCode.UNAUTHORIZED);
  if (!(await verifyPassword(form.oldPassword, person.password_hash))) throw new AppError(ErrorCode.WRONG_PASSWORD);
  if (form.oldPassword === form.newPassword) throw new AppError(ErrorCode.BAD_REQUEST, '新密码不能与原密码相同');
  refusePersonal(ctx, person, form.newPassword);
  await updatePassword(ctx.db, personId, await hashPassword(form.newPassword), ctx.now(), false);
  await publishPersonsChanged(ctx, [personId]);
}

/**
 * A code sent to the learner's own phone, proving he holds it: for `passwordByCode`, and for
 * `changePhone` (none: a manager resets the password or changes the phone).
 */
export async function sendOwnPhoneCode(ctx: AppContext, personId: string, ip: string) {
  const person = await findPersonById(ctx.db, personId);
  if (!person) throw new AppError(ErrorCode.UNAUTHORIZED);
  if (!person.phone) throw new AppError(ErrorCode.BAD_REQUEST, '您的账号没有手机号，请联系培训管理员');
  return sendCheckCode(ctx, person.phone, ip, { for: 'login' });
}

/**
 * The personal centre: a new password proven by the code sent to his own phone — as strong a
 * proof as the phone login he may have no other way of (imported without a password).
 */
export async function passwordByCode(
  ctx: AppContext,
  personId: string,
  wire: { checkCode: string; newPassword: string },
) {
  // before decrypting (the costly part), as the login and the password change do
  await throttleAccount(ctx, `person:${personId}`);
  const person = await findPersonById(ctx.db, personId);
  if (!person) throw new AppError(ErrorCode.UNAUTHORIZED);
  if (!person.phone) throw new AppError(ErrorCode.BAD_REQUEST, '您的账号没有手机号，请联系培训管理员重置密码');
  const form = parseForm(codePasswordForm, {
    checkCode: wire.checkCode,
    ...(await decryptWire(ctx, { newPassword: wire.newPassword })),
  });
  refusePersonal(ctx, person, form.newPassword);
  await verifyCheckCode(ctx, person.phone, form.checkCode.trim());
  await updatePassword(ctx.db, personId, await hashPassword(form.newPassword), ctx.now(), false);
  await publishPersonsChanged(ctx, [personId]);
}

/**
 * The personal centre: a new phone, proven by the code sent to it, and not someone else's —
 * changed only by the account's holder: a code sent to the current phone (he still holds it),
 * or, with no phone on the account, its password. A stolen session alone cannot move the
 * account onto the thief's phone and from there to a password of his (SMS login, password by
 * code). A learner who lost the old phone asks a training manager (人员, 编辑).
 */
export async function changePhone(
  ctx: AppContext,
  personId: string,
  form: { telPhoto: string; checkCode: string; oldCheckCode?: string | undefined; password?: string | undefined },
) {
  await throttleAccount(ctx, `person:${personId}`);
  const person = await findPersonById(ctx.db, personId);
  if (!person) throw new AppError(ErrorCode.UNAUTHORIZED);
  if (form.telPhoto === person.phone) throw new AppError(ErrorCode.BAD_REQUEST, '新手机号与当前手机号相同');
  let oldCode: { use(): Promise<void> } | undefined;
  if (person.phone) {
    const code = form.oldCheckCode?.trim();
    if (!code) throw new AppError(ErrorCode.BAD_REQUEST, '请输入原手机号收到的验证码');
    oldCode = await checkCheckCode(ctx, person.phone, code).catch((err: unknown) => {
      if (err instanceof AppError && err.code === ErrorCode.WRONG_CHECK_CODE) {
        throw new AppError(ErrorCode.WRONG_CHECK_CODE, '原手机号的验证码输入错误');
      }
      throw err;
    });
  } else if (person.password_hash) {
    if (!form.password) throw new AppError(ErrorCode.BAD_REQUEST, Msg.PASSWORD_REQUIRED);
    const { password } = await decryptWire(ctx, { password: form.password });
    if (!(await verifyPassword(password, person.password_hash))) throw new AppError(ErrorCode.WRONG_PASSWORD);
  } else {
    // nothing to prove the account is his: a manager gives it a phone (人员, 编辑)
    throw new AppError(ErrorCode.BAD_REQUEST, '您的账号没有手机号，请联系培训管理员');
  }
  const newCode = await checkCheckCode(ctx, form.telPhoto, form.checkCode);
  const owner = await findPersonByPhone(ctx.db, form.telPhoto);
  if (owner && owner.id !== personId) throw new AppError(ErrorCode.DUPLICATE, '该手机号已被其他账号使用');
  await oldCode?.use();
  await newCode.use();
  try {
    await updatePhone(ctx.db, personId, form.telPhoto, ctx.now());
  } catch (err) {
    if (/unique|duplicate/i.test(String((err as Error).message))) {
      throw new AppError(ErrorCode.DUPLICATE, '该手机号已被其他账号使用');
    }
    throw err;
  }
}
