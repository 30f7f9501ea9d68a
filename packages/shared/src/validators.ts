/**
 * Generic validators of spec §5. Pure functions so the server's schemas and the web's
 * form rules call the same code.
 */

/** External link: http, https, mailto, tel or protocol-relative. */
export const isExternal = (path: string): boolean => /^(https?:|mailto:|tel:|\/\/)/.test(path);

export const isPassword = (value: string): boolean => value.length >= 6;

/** What a password one chooses for himself is refused for, beside being short (ours: the spec sets only 6 characters). */
export const PASSWORD_TOO_SIMPLE = '密码过于简单，请换一个不易被猜到的密码';

/**
 * The passwords guessers try first (leaked-password lists, Chinese sites' among them), in lower
 * case: one a person chooses must not be one of them, nor one character repeated, nor a run of
 * keys in order (123456, 654321, abcdef, qwerty). A password someone else set (a manager's
 * 初始密码) is temporary and not judged here.
 */
const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password123',
  'passw0rd',
  'iloveyou',
  'woaini',
  'woaini1314',
  '5201314',
  '1314520',
  'a123456',
  'a12345678',
  'aa123456',
  'abc123',
  'abc123456',
  'qwe123',
  'qwe123456',
  '123qwe',
  '1qaz2wsx',
  '1q2w3e4r',
  '1q2w3e',
  'qazwsx',
  'zxcvbnm',
  'asdfgh',
  'asdfghjkl',
  'qwertyuiop',
  '112233',
  '121212',
  '123123',
  '1234567890',
  '123321',
  '147258',
  '147258369',
  '159357',
  '520520',
  '666888',
  '888888',
  'admin',
  'admin123',
  'admin888',
  'root123',
  'test123',
  'anxun123',
]);
const KEY_ROWS = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

export const isGuessablePassword = (value: string): boolean => {
  const text = value.toLowerCase();
  if (COMMON_PASSWORDS.has(text) || /^(.)\1+$/.test(text)) return true;
  // a run along a row of keys or the alphabet, either way (123456789, 987654, abcdef, qwerty)
  return KEY_ROWS.some((row) => row.includes(text) || [...row].reverse().join('').includes(text));
};

/** What is wrong with a password being chosen, or undefined. */
export const ownPasswordProblem = (value: string, tooShort: string): string | undefined =>
  !isPassword(value) ? tooShort : isGuessablePassword(value) ? PASSWORD_TOO_SIMPLE : undefined;

export const isDigits = (value: string): boolean => /^\d+$/.test(value);

/**
 * Names made of Chinese characters, Latin letters or digits; a middle dot may join parts,
 * as on ID cards of many minority-nationality citizens (买买提·艾力).
 */
export const isName = (value: string): boolean =>
  /^[\u4e00-\u9fa5a-zA-Z0-9]+([·•][\u4e00-\u9fa5a-zA-Z0-9]+)*$/.test(value);

export const isIPv4 = (value: string): boolean =>
  /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(value);

export const isUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

export const isLowerCase = (value: string): boolean => /^[a-z]+$/.test(value);
export const isUpperCase = (value: string): boolean => /^[A-Z]+$/.test(value);
export const isAlphabets = (value: string): boolean => /^[A-Za-z]+$/.test(value);

export const isPort = (value: string | number): boolean => {
  const text = String(value);
  if (!/^\d{1,5}$/.test(text)) return false;
  const port = Number(text);
  return port >= 0 && port <= 65535;
};

/** Mobile: 11 digits starting with 1 (the generic validator). */
export const isMobile = (value: string): boolean => /^1\d{10}$/.test(value);

/**
 * Phone accepted by the phone-login form: a landline (0 + 2–3 digit area code, hyphen,
 * 7–8 digits) or a mainland mobile. The described site only allowed 13/14/15/18; we accept
 * every current mobile prefix (13–19) so learners with 16x/17x/19x numbers can log in.
 */
export const isTelOrMobile = (value: string): boolean => /^(0\d{2,3}-\d{7,8}|1[3-9]\d{9})$/.test(value);

/** A mainland mobile number that can receive an SMS. */
export const isSmsMobile = (value: string): boolean => /^1[3-9]\d{9}$/.test(value);

/**
 * What is wrong with an account name a manager gives, or undefined: 3–32 letters, digits, _ . -,
 * and not shaped like a phone or an ID number. A login name is looked up as an account, an ID
 * number or a phone in every organisation, so an account "13712345678" would be a login that
 * phone's owner could never have, and a manager could take another person's ID number as his
 * learner's login (and keep that person out of any other organisation).
 */
export function accountNameProblem(value: string): string | undefined {
  if (!/^[A-Za-z0-9_.-]{3,32}$/.test(value)) return '账号只能是3–32位字母、数字、下划线、点或减号';
  if (/^1\d{10}$/.test(value) || /^(\d{15}|\d{17}[\dXx])$/.test(value)) return '账号不能是手机号或身份证号';
  return undefined;
}

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECK = '10X98765432';

/** Second-generation resident ID card number: 18 characters, valid birth date, GB 11643 checksum. */
export const isIdCard = (value: string): boolean => {
  const id = value.toUpperCase();
  if (!/^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dX]$/.test(id)) {
    return false;
  }
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) {
    return false;
  }
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * ID_CARD_WEIGHTS[i]!;
  return ID_CARD_CHECK[sum % 11] === id[17];
};

export const isEmail = (value: string): boolean => /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/.test(value);

/** Chinese name of 2 to 4 characters. */
export const isChineseName = (value: string): boolean => /^[\u4e00-\u9fa5]{2,4}$/.test(value);

/** Blank: null, undefined, empty, whitespace only, or the text "null". */
export const isBlank = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && (value.trim() === '' || value.trim() === 'null'));

/** Landline, including 400/800 service numbers. */
export const isLandline = (value: string): boolean =>
  /^(0\d{2,3}-?\d{7,8}(-\d{1,6})?|[48]00-?\d{3}-?\d{4})$/.test(value);

/** A number with at most two decimals. */
export const isMoney = (value: string): boolean => /^(0|[1-9]\d*)(\.\d{1,2})?$/.test(value);

export const isJsonObject = (value: string): boolean => {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
};

/** 110101199003077777 → 110***********7777: enough for a learner to recognise, no more. */
export const maskIdCard = (value: string | null | undefined): string => {
  if (!value) return '';
  if (value.length <= 7) return '*'.repeat(value.length);
  return value.slice(0, 3) + '*'.repeat(value.length - 7) + value.slice(-4);
};

/** 13800000001 → 138****0001 */
export const maskPhone = (value: string | null | undefined): string => {
  if (!value) return '';
  if (value.length < 7) return '*'.repeat(value.length);
  return value.slice(0, 3) + '*'.repeat(value.length - 7) + value.slice(-4);
};

/** 张安全 → 张**: what classmates and visitors see of a learner's name. */
export const maskName = (value: string | null | undefined): string => {
  const chars = [...(value ?? '')];
  if (chars.length === 0) return '';
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
};
