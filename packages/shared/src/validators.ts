/**
 * Generic validators of spec §5. Pure functions so the server's schemas and the web's
 * form rules call the same code.
 */

/** External link: http, https, mailto, tel or protocol-relative. */
export const isExternal = (path: string): boolean => /^(https?:|mailto:|tel:|\/\/)/.test(path);

export const isPassword = (value: string): boolean => value.length >= 6;

/** What a password one chooses for himself is refused for, beside being short (ours: the spec sets only 6 characters). */
export const PASSWORD_TOO_SIMPLE = '密码过于简单，请换一个不易被猜到的密码';
/** …nor one holding what others know of him. */
export const PASSWORD_PERSONAL = '密码不能包含手机号、账号或身份证号中的数字';

/**
 * The passwords guessers try first (leaked-password lists, Chinese sites' among them), in lower
 * case: one a person chooses must not be one of them, nor made of one or two such simple pieces
 * (a run of keys or of the alphabet, one key repeated, a listed word, a few digits or signs:
 * 123456, qwer1234, abcd1234, a1234567, aaa111, woaini520, password!), nor a block repeated
 * (123123, 12341234), nor a run with each key doubled (112233). A password someone else set (a
 * manager's 初始密码) is temporary and not judged here.
 */
const COMMON_PASSWORDS = new Set([
  'password',
  'passwd',
  'iloveyou',
  'woaini',
  'woaini1314',
  '5201314',
  '1314520',
  'abc123',
  'qazwsx',
  'qazwsxedc',
  '1qaz2wsx',
  '1qaz2wsx3edc',
  '1qazxsw2',
  'zaq12wsx',
  '1q2w3e',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'q1w2e3r4',
  'a1b2c3',
  '147258',
  '147258369',
  '159357',
  '123321',
  '520520',
  '666888',
  'admin',
  'root',
  'test',
  'anxun',
  'welcome',
  'monkey',
  'dragon',
  'master',
  'letmein',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'shadow',
  'superman',
]);
const KEY_ROWS = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const RUNS = [...KEY_ROWS, ...KEY_ROWS.map((row) => [...row].reverse().join(''))];
/** What a guesser reads a sign or a digit in a word as (p@ssw0rd is password) */
const LEET: Record<string, string> = { '@': 'a', '4': 'a', '0': 'o', '1': 'i', '3': 'e', $: 's', '5': 's', '7': 't' };
const unleet = (text: string) => [...text].map((c) => LEET[c] ?? c).join('');

/** One piece a guesser builds passwords from. */
const isSimplePiece = (piece: string): boolean =>
  RUNS.some((run) => run.includes(piece)) ||
  /^(.)\1*$/.test(piece) ||
  /^[^a-z]{1,3}$/.test(piece) ||
  COMMON_PASSWORDS.has(piece) ||
  COMMON_PASSWORDS.has(unleet(piece));

export const isGuessablePassword = (value: string): boolean => {
  const text = value.toLowerCase();
  if (isSimplePiece(text) || /^(.{1,4})\1+$/.test(text)) return true;
  // each key doubled: 112233, aabbcc
  if (text.length % 2 === 0 && /^((.)\2)+$/.test(text) && isSimplePiece(text.replace(/(.)\1/g, '$1'))) return true;
  // two pieces: qwer1234, a1234567, 123456789a, aaa111, woaini520, password!
  for (let i = 1; i < text.length; i++) {
    if (isSimplePiece(text.slice(0, i)) && isSimplePiece(text.slice(i))) return true;
  }
  return false;
};

/**
 * Whether a password holds what others know of its holder: his phone, his account name, his ID
 * number's last six digits or its birth date. Lower case; pieces shorter than 4 are not judged.
 */
export const isPersonalPassword = (value: string, known: ReadonlyArray<string | null | undefined>): boolean => {
  const text = value.toLowerCase();
  return known.some((k) => {
    const piece = (k ?? '').toLowerCase();
    return piece.length >= 4 && text.includes(piece);
  });
};

/** What of an ID number a password must not hold: its last six and its birth date. */
export const idCardPieces = (idCard: string | null | undefined): string[] =>
  idCard && idCard.length === 18 ? [idCard.slice(-6), idCard.slice(6, 14)] : [];

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

/**
 * A mobile number as a spreadsheet or a person writes it, made plain: full-width digits
 * (１３８…), spaces, dashes and brackets dropped, and the country code (+86, 0086, 86) taken off
 * an 11-digit number. Anything else comes back as it was, for the check to refuse.
 */
export function plainMobile(value: string): string {
  const compact = value.normalize('NFKC').replace(/[\s\-()]/g, '');
  const local = /^(?:\+86|0086|86)(1\d{10})$/.exec(compact)?.[1];
  return local ?? (/^\d+$/.test(compact) ? compact : value.trim());
}

/** An ID number as a sheet may hold it, made plain: full-width digits and Ｘ, spaces dropped, x as X. */
export const plainIdCard = (value: string): string => value.normalize('NFKC').replace(/\s/g, '').toUpperCase();

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
