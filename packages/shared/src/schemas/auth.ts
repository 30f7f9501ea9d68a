import { z } from 'zod';
import { LOGIN_CLIENT, PASSWORD_MIN_LENGTH } from '../constants.js';
import { Msg } from '../messages.js';
import {
  idCardPieces,
  isGuessablePassword,
  isIdCard,
  isName,
  isPersonalPassword,
  isSmsMobile,
  isTelOrMobile,
  PASSWORD_PERSONAL,
  PASSWORD_TOO_SIMPLE,
} from '../validators.js';
import { idText, line, secretLine } from './text.js';

/**
 * Limit for a field that may be RSA-OAEP ciphertext: four 256-byte blocks in base64 carry
 * 760 bytes of plaintext, more than any login field needs, and cap the RSA work per request.
 */
const WIRE_FIELD_MAX = 1368;
const wireField = secretLine(WIRE_FIELD_MAX);

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/**
 * A password being set (registration, the personal centre): trimmed like the login form's
 * (spec §3 "trimmed first"), or a password set with a space at either end could never log in.
 */
const newPassword = z
  .string({ error: Msg.PASSWORD_REQUIRED })
  .trim()
  .min(1, Msg.PASSWORD_REQUIRED)
  .min(PASSWORD_MIN_LENGTH, Msg.PASSWORD_TOO_SHORT)
  .max(128)
  .refine((v) => !isGuessablePassword(v), PASSWORD_TOO_SIMPLE);

/** Account login form, after any encryption is removed (spec §3, §5). */
export const accountLoginForm = z.object({
  username: required(Msg.USERNAME_REQUIRED).pipe(z.string().max(64, Msg.USERNAME_REQUIRED)),
  password: required(Msg.PASSWORD_REQUIRED).pipe(z.string().max(128)),
  client: z.string().trim().max(32).default(LOGIN_CLIENT),
});
export type AccountLoginForm = z.infer<typeof accountLoginForm>;

/** Phone login form (spec §3 `{telPhoto, checkCode, client}`, texts of §5). */
export const phoneLoginForm = z.object({
  telPhoto: required(Msg.TEL_REQUIRED).pipe(z.string().refine(isTelOrMobile, Msg.TEL_INVALID)),
  checkCode: required(Msg.CHECK_CODE_REQUIRED).pipe(z.string().max(16)),
  client: z.string().trim().max(32).default(LOGIN_CLIENT),
});
export type PhoneLoginForm = z.infer<typeof phoneLoginForm>;

/**
 * What `POST /api/login` accepts on the wire, in the body or (compatibility) the query:
 * either form, each field plain or RSA-OAEP ciphertext in base64.
 */
export const loginWire = z.strictObject({
  username: wireField.optional(),
  password: wireField.optional(),
  telPhoto: wireField.optional(),
  checkCode: wireField.optional(),
  client: wireField.optional(),
});
export type LoginWire = z.infer<typeof loginWire>;

export const loginRoles = z.object({
  userId: z.string(),
  userName: z.string(),
  orgCode: z.string(),
  /** masked: the full number never leaves the server */
  idCard: z.string(),
  sysEnterpriseId: z.string(),
  role: z.string(),
  avatar: z.string().nullable(),
  /** the password was set by someone else (a manager, the operator): he chooses his own before anything else */
  mustChangePassword: z.boolean(),
});
export type LoginRoles = z.infer<typeof loginRoles>;

export const loginResponse = z.object({
  credentials: z.object({
    accessToken: z.string(),
    refreshToken: z.string(),
    tokenType: z.literal('Bearer'),
    /** seconds until the access token expires */
    expiresIn: z.number(),
  }),
  roles: loginRoles,
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const refreshBody = z.strictObject({
  refreshToken: idText(256),
});

export const telParam = z.strictObject({
  tel: line(32),
});

/** `purpose=register`: a phone already registered is refused before any code is sent. */
export const sendCheckCodeQuery = z.object({ purpose: z.enum(['login', 'register']).optional() });

export const sendCheckCodeResponse = z.object({
  /** seconds before another code may be sent to this phone */
  resendAfter: z.number(),
  /** seconds the code stays valid */
  expiresIn: z.number(),
});

/** Registration of a learner (spec §5 validators: ID card, mobile, password ≥ 6). */
export const registerForm = z
  .object({
    orgCode: required(Msg.ORG_CODE_REQUIRED).pipe(z.string().max(32)),
    name: required(Msg.NAME_REQUIRED).pipe(z.string().max(32, Msg.NAME_INVALID).refine(isName, Msg.NAME_INVALID)),
    idCard: required(Msg.ID_CARD_REQUIRED).pipe(
      z
        .string()
        .transform((v) => v.toUpperCase())
        .refine(isIdCard, Msg.ID_CARD_INVALID),
    ),
    phone: required(Msg.MOBILE_REQUIRED).pipe(z.string().refine(isSmsMobile, Msg.MOBILE_INVALID)),
    checkCode: required(Msg.SMS_CODE_REQUIRED).pipe(z.string().max(16)),
    password: newPassword,
  })
  .refine((f) => !isPersonalPassword(f.password, [f.phone, ...idCardPieces(f.idCard)]), {
    message: PASSWORD_PERSONAL,
    path: ['password'],
  });
export type RegisterForm = z.infer<typeof registerForm>;

/** On the wire the sensitive register fields may be encrypted like the login fields. */
export const registerWire = z.strictObject({
  // optional here so a missing field gets its spec §5 text from registerForm
  orgCode: wireField.optional(),
  name: wireField.optional(),
  idCard: wireField.optional(),
  phone: wireField.optional(),
  checkCode: wireField.optional(),
  password: wireField.optional(),
});

/** `pending`: the organisation approves registrations; no login until a manager did. */
export const registerResponse = z.object({ userId: z.string(), pending: z.boolean() });

export const publicKeyResponse = z.object({
  publicKey: z.string(),
  algorithm: z.literal('RSA-OAEP-256'),
  /** bytes of plaintext per encrypted block */
  blockSize: z.number(),
  mockServer: z.boolean(),
});

export const socialLoginWire = loginWire;

/** Changing one's password in the personal centre (fields plain or RSA-OAEP ciphertext). */
export const updatePasswordWire = z.strictObject({ oldPassword: wireField, newPassword: wireField });
export const updatePasswordForm = z.object({
  oldPassword: required(Msg.PASSWORD_REQUIRED).pipe(z.string().max(128)),
  newPassword,
});

/**
 * A new password proven by a code sent to one's own phone, not by the current one: a learner
 * imported without a password (he logs in by SMS code) has none to give.
 */
export const codePasswordWire = z.strictObject({
  checkCode: required(Msg.SMS_CODE_REQUIRED).pipe(z.string().max(16)),
  newPassword: wireField,
});
export const codePasswordForm = z.object({ checkCode: z.string(), newPassword });

/**
 * Changing one's phone: the new number and the code sent to it, and proof that the one changing
 * it is the account's holder, not a stolen session — a code sent to the current phone
 * (`oldCheckCode`), or, for an account without a phone, its password (plain or RSA-OAEP
 * ciphertext). Which one is needed is the server's to say; both are optional here.
 */
export const updatePhoneBody = z.strictObject({
  telPhoto: required(Msg.MOBILE_REQUIRED).pipe(z.string().max(32).refine(isSmsMobile, Msg.MOBILE_INVALID)),
  checkCode: required(Msg.SMS_CODE_REQUIRED).pipe(z.string().max(16)),
  oldCheckCode: z.string().max(16).optional(),
  password: wireField.optional(),
});

/** The personal centre's own details (the ID number masked). */
/** The learner's own name and phone, in full, to fill in a form of theirs (报名咨询). */
export const contact = z.object({ name: z.string(), phone: z.string().nullable() });
export type Contact = z.infer<typeof contact>;

export const profile = z.object({
  userId: z.string(),
  name: z.string(),
  account: z.string().nullable(),
  /** masked */
  phone: z.string(),
  /** masked */
  idCard: z.string(),
  orgName: z.string(),
});
export type Profile = z.infer<typeof profile>;
