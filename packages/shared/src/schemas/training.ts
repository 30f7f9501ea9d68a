import { z } from 'zod';
import { isName } from '../validators.js';
import { idText, line, mobileLine, paragraphs } from './text.js';

/** A progress report (DESIGN.md "Contracts the spec leaves open"), after decryption. */
export const progressReport = z.strictObject({
  trainWarpCourseId: idText(),
  /** random id the player makes when playback starts */
  playbackId: idText(64),
  /** this playback's reports, counted from 1 */
  seq: z.number().int().min(1).max(1_000_000),
  /** playhead, seconds */
  position: z
    .number()
    .min(0)
    .max(24 * 3600),
  rate: z.number().min(0).max(16),
  hidden: z.boolean(),
  /** the playback's last report (unit end, unit change, page leave): credited, then the playback ends */
  final: z.boolean().optional(),
  /**
   * sent as the player pauses (the learner's pause, a page gone to the background, "still
   * there?"): credited, but a random check its credit makes due is not opened with it — nobody
   * may be there to see its window run; the next report meets it
   */
  paused: z.boolean().optional(),
});
export type ProgressReportWire = z.infer<typeof progressReport>;

/**
 * The longest `entity`: a report's JSON is ~200 bytes at most, two RSA-OAEP blocks (688
 * base64 characters). Each block costs the server ~1 ms of its one thread to decrypt, so a
 * longer field (8 KB was ~23 blocks, 27 ms) would let one learner stall the node.
 */
export const ENTITY_MAX_LENGTH = 1024;

/** `update-Warp` takes the report as a form field `entity` (JSON text, or RSA-OAEP ciphertext of it), or as JSON. */
export const updateWarpBody = z.union([z.strictObject({ entity: line(ENTITY_MAX_LENGTH) }), progressReport]);

export const refusalCode = z.enum([
  'REPLAY',
  'OTHER_PLAYBACK',
  'CLASS_PERIOD',
  'FACE_CHECK_DUE',
  'HIDDEN',
  'RATE',
  'IDLE',
  'SEEK',
  'DAILY_CAP',
]);

/** spec §3 warpCourseData, plus what the player needs. */
export const warpCourseData = z.object({
  trainWarpCourseId: z.string(),
  trainPersonId: z.string(),
  trainClassCourseId: z.string(),
  courseBookId: z.string(),
  courseWarpId: z.string(),
  /** 0 not started, 1 studying, 2 completed */
  learnStatus: z.number(),
  tCourseName: z.string(),
  vodId: z.string().nullable(),
  sysComments: z.string().nullable(),
  startTime: z.string().nullable(),
  lastLearnDate: z.string().nullable(),
  endTime: z.string().nullable(),
  /** watched share of the unit, percent (0–100), as text with a % sign */
  sysSchedule: z.string(),
  /** watched share of the unit, percent (0–100) */
  sysPercentage: z.number(),
  /** credited seconds */
  studyLength: z.number(),
  durationSeconds: z.number(),
  /** furthest point watched with credit: the player may not seek beyond it */
  furthestSeconds: z.number(),
  /** where to resume */
  lastPosition: z.number(),
  studyCount: z.number(),
  sortOrder: z.number(),
  /** short-lived signed URL of the video (or of the document's PDF) */
  playUrl: z.string().nullable(),
  /** 'video', or 'document' (a PDF read page by page: its duration is pages × secondsPerPage) */
  kind: z.enum(['video', 'document']),
  pageCount: z.number().nullable(),
  /** a document: the least time each page is shown to count as read */
  secondsPerPage: z.number().nullable(),
});
export type WarpCourseData = z.infer<typeof warpCourseData>;

export const updateWarpResult = warpCourseData.extend({
  creditedSeconds: z.number(),
  refusal: refusalCode.nullable(),
  refusalMsg: z.string().nullable(),
  /** a face check due now: the player pauses and asks for it */
  faceCheck: z
    .object({
      checkId: z.string(),
      kind: z.enum(['start', 'random', 'end', 'exam']),
      dueAt: z.string(),
      windowEndsAt: z.string(),
      /** the unit it belongs to (the one that ended, for an end check), which may not be the one playing */
      trainWarpCourseId: z.string().nullable(),
      unitName: z.string().nullable(),
    })
    .nullable(),
});

export const findWarpCourseBody = z.strictObject({
  trainClassCourseId: idText().optional(),
  courseBookId: idText().optional(),
  trainPersonId: idText().optional(),
});

export const addRecnumParams = z.strictObject({
  trainPersonId: idText(),
  courseBookId: idText(),
  warpId: idText(),
});
export const addRecnumQuery = z.strictObject({ playbackId: idText(64) });

export const studyTime = z.object({
  /** credited seconds in all */
  studySeconds: z.number(),
  /** the same in 学时 */
  studyHours: z.number(),
  todaySeconds: z.number(),
  completedUnits: z.number(),
  totalUnits: z.number(),
  /** credited seconds per study day, the last 14 days, oldest first */
  daily: z.array(z.object({ day: z.string(), seconds: z.number() })),
});

export const vodParams = z.strictObject({ vodId: idText() });
export const vodQuery = z.strictObject({ exp: z.coerce.number().int(), sig: line(128) });

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ records: z.array(item), total: z.number() });

/** One of the learner's classes, with progress. */
export const myClass = z.object({
  trainPersonId: z.string(),
  trainClassId: z.string(),
  className: z.string(),
  teacher: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** 学时 the class requires (sum of its courses) */
  requiredHours: z.number(),
  /** 学时 credited so far */
  studiedHours: z.number(),
  /** 0–100 */
  progress: z.number(),
  courseCount: z.number(),
  completedCourses: z.number(),
  /** the class's training period now: study is credited only while it is open */
  period: z.enum(['before', 'open', 'after']),
  /** the class checks faces: a learner without a reference photo is asked for one before he studies */
  checksFaces: z.boolean(),
});

/** spec §3 videoData: the learner's record of one course of a class, with the course book. */
export const personCourse = z.object({
  trainPersonCourseId: z.string(),
  trainPersonId: z.string(),
  trainClassCourseId: z.string(),
  courseBookId: z.string(),
  courseName: z.string(),
  intro: z.string(),
  teachers: z.array(z.string()),
  sortId: z.number(),
  /** course hours (学时) required */
  studyTimeLen: z.number(),
  studiedHours: z.number(),
  studiedSeconds: z.number(),
  learnStatus: z.number(),
  sysScore: z.number().nullable(),
  sysComments: z.string().nullable(),
  startTime: z.string().nullable(),
  lastLearnDate: z.string().nullable(),
  endTime: z.string().nullable(),
  /** percent of units watched to the end */
  sysSchedule: z.number(),
  unitCount: z.number(),
  completedUnits: z.number(),
  /** the class requires the course's exam: its 学时 count once it is passed */
  examRequired: z.boolean(),
  examPassed: z.boolean(),
  /** tries at the exam he has left (a manager's 允许补考 adds one); null: no exam required */
  examTriesLeft: z.number().nullable(),
  /** the class is within its training period: study is credited and an exam may start */
  inPeriod: z.boolean(),
});

export const myClassesQuery = z.strictObject({
  current: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
});
export const classCoursesQuery = myClassesQuery.extend({ trainPersonId: idText() });

export const courseBook = z.object({
  courseBookId: z.string(),
  name: z.string(),
  intro: z.string(),
  teachers: z.array(z.string()),
  /** 学时 */
  classHours: z.number(),
  popularity: z.number(),
  coverUrl: z.string().nullable(),
  unitCount: z.number(),
  /** seconds of courseware */
  durationSeconds: z.number(),
});

export const courseBookQuery = z.strictObject({
  current: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  name: line(50).optional(),
  /** organisation for guests (signed-in learners see their own) */
  OrgCode: line(32).optional(),
});

export const courseInfo = courseBook.extend({
  learnerCount: z.number(),
  images: z.array(z.string()),
});

export const courseUnit = z.object({
  courseWarpId: z.string(),
  courseBookId: z.string(),
  sortOrder: z.number(),
  title: z.string(),
  kind: z.string(),
  durationSeconds: z.number(),
});
export const courseUnitsQuery = z.strictObject({ courseBookId: idText() });

export const classDetail = z.object({
  trainClassId: z.string(),
  className: z.string(),
  teacher: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** the class's study rules */
  rules: z.record(z.string(), z.unknown()),
});

export const classInfo = z.object({
  trainClassId: z.string(),
  className: z.string(),
  teacher: z.string(),
  learnerCount: z.number(),
  /** the newest members, names partly masked */
  newestLearners: z.array(z.object({ name: z.string(), joinedAt: z.string() })),
  /** credited study in the class over the last 7 days */
  activity: z.object({ activeLearners: z.number(), studySeconds: z.number() }),
});

export const findPersonBody = z.strictObject({ trainClassId: idText().optional() }).nullish();

/** A class's courses and their units (course/book/select-class-warp). */
export const classWarpQuery = z.strictObject({ trainClassId: idText() });
export const classSyllabusCourse = z.object({
  trainClassCourseId: z.string(),
  courseBookId: z.string(),
  courseName: z.string(),
  /** 学时 the class requires */
  classHours: z.number(),
  units: z.array(courseUnit),
});

/** The learner's use of one course book (course/book/select-course-use-State). */
export const courseUseStateQuery = z.strictObject({ courseBookId: idText() });
export const courseUseState = z.object({
  /** the learner studies this course in at least one class */
  enrolled: z.boolean(),
  /** the learner's course records of it, newest class first */
  records: z.array(personCourse),
});
export type CourseUseState = z.infer<typeof courseUseState>;
export type PersonCourse = z.infer<typeof personCourse>;

/**
 * What a learner may change on their course record: their own study notes. Time, progress,
 * status and score are the server's to decide (DESIGN.md "Study-time integrity"); naming
 * them is refused with a message saying so, not silently dropped.
 */
export const SERVER_DECIDED_COURSE_FIELDS = [
  'studyTimeLen',
  'studyLength',
  'studiedSeconds',
  'studiedHours',
  'learnStatus',
  'sysScore',
  'sysSchedule',
  'sysPercentage',
  'startTime',
  'lastLearnDate',
  'endTime',
] as const;
export const updatePersonCourseBody = z
  .strictObject({
    trainPersonCourseId: idText(),
    sysComments: paragraphs(500, '学习心得不能超过500个字'),
    ...Object.fromEntries(SERVER_DECIDED_COURSE_FIELDS.map((k) => [k, z.unknown().optional()])),
  })
  .refine((body) => SERVER_DECIDED_COURSE_FIELDS.every((k) => (body as Record<string, unknown>)[k] === undefined), {
    message: '学时、进度、状态和成绩由系统根据学习记录计算，不能修改',
  });

/** The home page's newest learners of an organisation (names masked). */
export const newestLearnersQuery = z.strictObject({
  size: z.coerce.number().int().min(1).max(20).default(8),
  OrgCode: line(32).optional(),
});
export const newestLearner = z.object({ name: z.string(), className: z.string(), joinedAt: z.string() });

export const playUrlResult = z.object({ courseWarpId: z.string(), playUrl: z.string().nullable() });

/** An enrolment intent from the public form (spec §7 addNew-Intended), validated with the spec's rules. */
export const intendedPersonBody = z.strictObject({
  name: z
    .string({ error: '请输入姓名' })
    .trim()
    .min(1, '请输入姓名')
    .max(20, '姓名只能包含中文、字母或数字')
    .refine(isName, '姓名只能包含中文、字母或数字'),
  phone: z.string({ error: '请输入手机号' }).trim().min(1, '请输入手机号').pipe(mobileLine()),
  orgName: line(100).pipe(z.string().trim().min(1, '请输入单位名称')),
  courseName: line(100).optional(),
  note: paragraphs(500, '备注不能超过500个字').optional(),
  /** the organisation whose site the form was on (guests); signed-in learners: their own */
  OrgCode: line(32).optional(),
});

// What the web reads, inferred from the contract (type-only imports ship no zod).
export type CourseBook = z.infer<typeof courseBook>;
export type CourseInfo = z.infer<typeof courseInfo>;
export type CourseUnit = z.infer<typeof courseUnit>;
export type NewestLearner = z.infer<typeof newestLearner>;
export type MyClass = z.infer<typeof myClass>;
export type StudyTime = z.infer<typeof studyTime>;
export type ClassInfo = z.infer<typeof classInfo>;
export type UpdateWarpResult = z.infer<typeof updateWarpResult>;
export type IntendedPersonBody = z.input<typeof intendedPersonBody>;
