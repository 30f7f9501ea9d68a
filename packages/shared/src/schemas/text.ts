import { z } from 'zod';
import { Msg } from '../messages.js';
import { isSmsMobile, plainMobile } from '../validators.js';

// C0 control characters (NUL included, which PostgreSQL text cannot store) and DEL.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Half of a character's UTF-16 pair without the other half: stored, it became three U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * Direction overrides and isolates (U+202A–202E, U+2066–2069), which turn a name around on
 * screen and in exports, and in a line also zero-width spaces and U+FEFF, which make two names
 * that look alike differ: a look-alike 部门 or learner is a trap for whoever reads the list.
 */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
const INVISIBLE = /[\u200B\uFEFF]/;

/** A single-line string of at most `max` characters without control or invisible characters. */
export const line = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !CONTROL.test(s), '不能包含控制字符')
    .refine((s) => !LONE_SURROGATE.test(s), '包含无法识别的字符')
    .refine((s) => !BIDI.test(s) && !INVISIBLE.test(s), '不能包含不可见的格式字符');

/**
 * A secret or a login field (a password, what the login form sends): control characters and
 * half characters refused, nothing else — a password someone set with an invisible character
 * in it must still log him in.
 */
export const secretLine = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !CONTROL.test(s), '不能包含控制字符')
    .refine((s) => !LONE_SURROGATE.test(s), '包含无法识别的字符');

/** An id or code in a path or query. */
export const idText = (max = 64) => line(max).pipe(z.string().min(1));

// Control characters other than tab and line breaks.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Free text a person writes (notes, comments, answers): trimmed, line breaks kept, at most
 * `max` characters, no other control characters. Stored and shown as text, never as markup.
 */
export const paragraphs = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((s) => !CONTROL_IN_TEXT.test(s), '不能包含控制字符')
    .refine((s) => !LONE_SURROGATE.test(s), '包含无法识别的字符')
    // (a zero-width joiner stays: emoji are made with it)
    .refine((s) => !BIDI.test(s), '不能包含不可见的格式字符');

/**
 * A calendar day that exists: YYYY-MM-DD (2024-02-30 is refused, not read as 1 March), in
 * 1970–2100: a record date outside that is a typing slip, and time arithmetic past it breaks.
 */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine((d) => d >= '1970-01-01' && d <= '2100-12-31', '日期应在1970年至2100年之间')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, '日期不存在');

/**
 * A mainland mobile as people write it (139 1234 5678, +86 139-1234-5678, full-width digits),
 * made plain before it is checked and kept: a manager's form, 报名咨询 and the API take what
 * the importer takes. An empty one is refused as not a mobile.
 */
export const mobileLine = () =>
  line(24).pipe(z.string().transform(plainMobile).refine(isSmsMobile, Msg.MOBILE_INVALID));
