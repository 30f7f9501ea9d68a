/** Business constants of spec §9 and the realtime codes of spec §4/§8. */

export const REQUEST_TIMEOUT_MS = 10_000;
export const MOBILE_BREAKPOINT_PX = 992;
export const CHECK_CODE_RESEND_SECONDS = 60;
export const CHECK_CODE_TTL_SECONDS = 5 * 60;
export const CHECK_CODE_MAX_ATTEMPTS = 5;
export const CHECK_CODE_LENGTH = 6;
export const ERROR_TOAST_MS = 5_000;
export const MESSAGE_DURATION_MS = 3_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CACHED_ROUTES_MAX = 20;
export const SEARCH_DELAY_MS = 500;
export const DEFAULT_ORG_CODE = '00000';
export const LOGIN_CLIENT = 'study-mp';
export const PASSWORD_MIN_LENGTH = 6;
export const PAGE_TITLE = '在线安全生产培训系统';
export const DEFAULT_LANGUAGE = 'zh';
export const LOADING_TEXT = '正在加载中...';
export const DEFAULT_USER_NAME = '用户';
export const LOGGED_OUT_USER_NAME = '未登录';

/** Realtime messages are JSON `{ code }` with these numeric codes. */
export const WsCode = {
  /** client → server heartbeat */
  HEARTBEAT: 0x11000,
  /** server → client heartbeat answer */
  HEARTBEAT_ACK: 0x99001,
  /** server → client: this session was replaced by a login elsewhere */
  LOGGED_IN_ELSEWHERE: 0x90001,
  /** server → client: a face check was decided (a phone took the photo for this desktop) */
  FACE_CHECK_RESULT: 0x90010,
  /** server → client: the learner was enrolled in a class (data: {trainClassId, className}) */
  ENROLLED: 0x90011,
  /** server → client: a background job of this person moved on (data: JobProgressMessage) */
  JOB_PROGRESS: 0x90020,
} as const;

/** Websocket close codes (4000–4999 is the application range of RFC 6455). */
export const WsCloseCode = {
  UNAUTHORIZED: 4001,
  LOGGED_IN_ELSEWHERE: 4003,
  LOGGED_OUT: 4004,
  /** the session has as many sockets as it may (a few tabs): this one is refused */
  TOO_MANY_SOCKETS: 4008,
  SERVER_SHUTDOWN: 1001,
} as const;
/** Sockets one session may hold at once on one node (its open tabs). */
export const MAX_SOCKETS_PER_SESSION = 8;

export const HEARTBEAT_INTERVAL_MS = 60_000;
export const HEARTBEAT_GROWTH_MS = 120_000;

/** File record types of spec §3. */
export const FileType = {
  AVATAR: 'SysPhoto',
  LOGO: 'LogoFiles',
  /** a course book's cover (public, like a logo: the catalogue shows it to guests) */
  COURSE_COVER: 'CourseCover',
  /** an image shown with a question's stem (signed URLs, like the question itself only to those who sit it) */
  QUESTION_IMAGE: 'QuestionImage',
  /** an organisation's seal on its certificates (PNG or JPEG; every version kept: issued certificates show theirs) */
  CERT_SEAL: 'CertificateSeal',
} as const;
export type FileType = (typeof FileType)[keyof typeof FileType];

export const Role = {
  LEARNER: 'learner',
  /** an organisation's training manager: only its own organisation */
  ADMIN: 'admin',
  /** the platform operator: organisations and their first admin */
  SUPER: 'super',
} as const;
export type Role = (typeof Role)[keyof typeof Role];

/** How an organisation takes registrations (issue: Console I). */
export const RegistrationMode = {
  /** a learner who registers may log in at once */
  OPEN: 'open',
  /** a training manager approves each registration first */
  APPROVAL: 'approval',
} as const;
export type RegistrationMode = (typeof RegistrationMode)[keyof typeof RegistrationMode];

/** A record's learn_status (spec §3 learnStatus): units, courses and memberships alike. */
export const LearnStatus = {
  NOT_STARTED: 0,
  STUDYING: 1,
  COMPLETED: 2,
} as const;
export type LearnStatus = (typeof LearnStatus)[keyof typeof LearnStatus];

/**
 * Study credit, as server and player both count on it. A gap longer than the idle limit
 * between two reports earns nothing; a report's step may go the slack plus the jitter further
 * than its time before it is a seek (network delay varies from report to report), and no
 * report is credited more than its time — so an honest unit's end can be left ahead of credit
 * by at most slack + jitter, which the player waits out (its end save, with a margin).
 */
export const STUDY_IDLE_LIMIT_SECONDS = 90;
/**
 * How often a playing player reports; a report after a gap longer than the idle limit (a
 * network or server out that long: the player stops at the first report unanswered and sends
 * it again) is credited at most this and the slack — what it can have covered — no more.
 */
export const STUDY_REPORT_EVERY_SECONDS = 15;
export const STUDY_SLACK_SECONDS = 2;
export const STUDY_JITTER_SECONDS = 8;
export const STUDY_END_SAVE_MAX_SECONDS = STUDY_SLACK_SECONDS + STUDY_JITTER_SECONDS + 2;

/** The largest avatar a person may upload (a limit the web checks before sending: no zod here). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** A course comment's longest text, in characters. */
export const COMMENT_MAX_LENGTH = 500;
/** A discussion answer's longest text, in characters. */
export const ANSWER_MAX_LENGTH = 1000;
