import { z } from 'zod';
import { sheetErrors } from './sheet-errors.js';
import { idText, line } from './text.js';

export const questionKind = z.enum(['single', 'multiple', 'judge', 'fill']);
export type QuestionKind = z.infer<typeof questionKind>;

/**
 * A question as a learner sees it before answering: never its answer or analysis
 * (issue: exams — answers never reach the browser before the learner submits).
 */
export const questionView = z.object({
  questionId: z.string(),
  kind: questionKind,
  stem: z.string(),
  /** option texts for A, B, C… (single and multiple) */
  options: z.array(z.string()),
  /** fill-in: how many blanks */
  blanks: z.number(),
  /** an image shown with the stem (a signed, short-lived URL), or null */
  imageUrl: z.string().nullable(),
});
export type QuestionView = z.infer<typeof questionView>;

/** An answer: 'A' (single), ['A','C'] (multiple), true/false (judge), ['…'] per blank (fill). */
export const answerValue = z.union([line(200), z.array(line(200)).max(10), z.boolean()]);
export type AnswerValue = z.infer<typeof answerValue>;

/** The revealed key of a question, once answered. */
export const answerKey = z.object({
  questionId: z.string(),
  /** the correct answer, in the same shape as a given one (fill: the first accepted text per blank) */
  correctAnswer: answerValue,
  analysis: z.string(),
});

export const practiceMode = z.enum(['sequential', 'random', 'wrong']);
export type PracticeMode = z.infer<typeof practiceMode>;

export const practiceNextQuery = z.strictObject({ courseBookId: idText(), mode: practiceMode.default('sequential') });
export const practiceQuestion = z.object({
  mode: practiceMode,
  /** null when there is nothing to practise (an empty wrong-answer book) */
  question: questionView.nullable(),
  /** sequential: 1-based position; random / wrong: how many are left or in the bank */
  position: z.number(),
  total: z.number(),
  answered: z.number(),
  correct: z.number(),
  wrongBook: z.number(),
});

export const practiceAnswerBody = z.strictObject({
  courseBookId: idText(),
  questionId: idText(),
  mode: practiceMode,
  answer: answerValue,
});
export const practiceResult = answerKey.extend({
  correct: z.boolean(),
  /** wrong-answer book: right answers in a row so far, and whether it just left the book */
  streak: z.number(),
  removedFromWrongBook: z.boolean(),
  wrongBook: z.number(),
});

export const courseBookBody = z.strictObject({ courseBookId: idText() });

/** A course's exam settings (class rules `exam`; defaults from national practice). */
export const examRules = z.object({
  required: z.boolean(),
  durationMinutes: z.number(),
  totalScore: z.number(),
  passScore: z.number(),
  /** attempts after the first */
  retakes: z.number(),
  /** the exam opens once the course's units are studied to its 学时 (a pass before any study credited a course never watched) */
  afterStudy: z.boolean(),
});
export type ExamRules = z.infer<typeof examRules>;

export const examStartBody = z.strictObject({ trainClassCourseId: idText() });
export const examPaper = z.object({
  attemptId: z.string(),
  courseName: z.string(),
  rules: examRules,
  startedAt: z.string(),
  deadlineAt: z.string(),
  /** seconds left by the server's clock */
  secondsLeft: z.number(),
  questions: z.array(questionView.extend({ points: z.number() })),
  /** what was saved so far (a resumed attempt) */
  answers: z.record(z.string(), answerValue),
  /** when the answers were last saved (null: never): a browser's kept answers older than this lose */
  answersSavedAt: z.string().nullable(),
  attemptNumber: z.number(),
  attemptsAllowed: z.number(),
});

export const examSaveBody = z.strictObject({
  attemptId: idText(),
  answers: z.record(idText(), answerValue),
});

export const examReview = z.object({
  attemptId: z.string(),
  courseName: z.string(),
  status: z.enum(['submitted', 'expired']),
  score: z.number(),
  totalScore: z.number(),
  passScore: z.number(),
  passed: z.boolean(),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
  /** answers sent after the deadline were not counted */
  late: z.boolean(),
  /** voided with a face check: neither a pass nor a try (the score is what was sat) */
  voided: z.boolean(),
  items: z.array(
    answerKey.extend({
      kind: questionKind,
      stem: z.string(),
      options: z.array(z.string()),
      imageUrl: z.string().nullable(),
      points: z.number(),
      earned: z.number(),
      correct: z.boolean(),
      given: answerValue.nullable(),
    }),
  ),
});
export type ExamReview = z.infer<typeof examReview>;

export const examHistoryQuery = z.strictObject({ trainClassCourseId: idText() });
export const examSummary = z.object({
  trainClassCourseId: z.string(),
  /** the learner's membership of the class: where its certificate stands (certificate progress) */
  trainPersonId: z.string(),
  courseName: z.string(),
  rules: examRules,
  attemptsUsed: z.number(),
  attemptsAllowed: z.number(),
  /** the course's units are studied to its 学时: with `rules.afterStudy`, the exam waits for it */
  studyDone: z.boolean(),
  /** 考前人脸核验: the class checks the learner's face before a paper */
  faceCheckFirst: z.boolean(),
  /** the class is within its training period: a new paper may start (one begun is handed in) */
  inPeriod: z.boolean(),
  passed: z.boolean(),
  bestScore: z.number().nullable(),
  /** an attempt still running */
  openAttemptId: z.string().nullable(),
  attempts: z.array(
    z.object({
      attemptId: z.string(),
      status: z.enum(['open', 'submitted', 'expired']),
      score: z.number().nullable(),
      passed: z.boolean(),
      /** voided with the face check it was sat under: neither a pass nor a try */
      voided: z.boolean(),
      startedAt: z.string(),
      submittedAt: z.string().nullable(),
    }),
  ),
});

// What the web reads, inferred from the contract (type-only imports ship no zod).
export type PracticeQuestion = z.infer<typeof practiceQuestion>;
export type PracticeResult = z.infer<typeof practiceResult>;
export type ExamSummary = z.infer<typeof examSummary>;
export type ExamPaper = z.infer<typeof examPaper>;

/** 题库 in the console (issue: Console II): a manager's view of a question, key and all. */
export const difficulty = z.enum(['easy', 'medium', 'hard']);
export const bankBook = z.object({ courseBookId: z.string(), name: z.string(), questionCount: z.number() });
export const bankQuestion = z.object({
  id: z.string(),
  kind: questionKind,
  stem: z.string(),
  options: z.array(z.string()),
  /** the key as the sheet writes it: B, ACD, 对/错, 119|火警/报警 */
  answer: z.string(),
  analysis: z.string(),
  points: z.number().nullable(),
  difficulty,
  imageUrl: z.string().nullable(),
});
export type BankQuestion = z.infer<typeof bankQuestion>;
export type BankBook = z.infer<typeof bankBook>;
export const bankQuestionQuery = z.strictObject({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  kind: questionKind.optional(),
  /** words of the stem */
  q: line(40).optional(),
});
export const bankQuestionPage = z.object({ records: z.array(bankQuestion), total: z.number() });
export const questionImportResult = z.object({
  created: z.number(),
  errors: sheetErrors,
});
export type QuestionImportResult = z.infer<typeof questionImportResult>;

/**
 * One question written in the console: the same texts as a row of the sheet (options in
 * order from A, the key as B / ACD / 对 / 119|火警/报警), checked by the same rules.
 */
export const questionBody = z.strictObject({
  kind: questionKind,
  stem: z.string().trim().min(1, '请填写题干').max(1000, '题干不能超过1000字'),
  options: z.array(z.string().trim().max(300, '选项不能超过300字')).max(8, '最多8个选项').default([]),
  answer: z.string().trim().min(1, '请填写答案').max(500),
  analysis: z.string().trim().max(2000, '解析不能超过2000字').default(''),
  points: z.number().positive().max(100).nullable().default(null),
  difficulty: difficulty.default('medium'),
});
export type QuestionBody = z.input<typeof questionBody>;

/**
 * 试卷 of a class course (issue: Console II): drawn at random per learner by a count and the
 * points of each question per kind, or one fixed list of questions; options shuffled or not.
 * Its total must be the class's exam total.
 */
const halfPoints = z
  .number()
  .min(0.5, '每题分值至少0.5分')
  .max(100, '每题分值不超过100分')
  .refine((n) => Number.isInteger(n * 2), '分值以0.5分为单位');
/** a kind the paper draws none of carries no points (0 道 at 0 分 is how a manager says it) */
export const kindRule = z
  .strictObject({
    count: z.number().int().min(0).max(200),
    points: z
      .number()
      .min(0, '每题分值至少0.5分')
      .max(100, '每题分值不超过100分')
      .refine((n) => Number.isInteger(n * 2), '分值以0.5分为单位'),
  })
  .superRefine((k, ctx) => {
    if (k.count > 0 && k.points < 0.5) ctx.addIssue({ code: 'custom', path: ['points'], message: '每题分值至少0.5分' });
  });
export const paperRules = z.discriminatedUnion('mode', [
  z.strictObject({
    mode: z.literal('random'),
    kinds: z.strictObject({ single: kindRule, multiple: kindRule, judge: kindRule, fill: kindRule }),
    shuffleOptions: z.boolean(),
  }),
  z.strictObject({
    mode: z.literal('fixed'),
    questions: z
      .array(z.strictObject({ questionId: z.string().max(64), points: halfPoints }))
      .min(1, '请选择试题')
      .max(200, '一张试卷最多200题'),
    shuffleOptions: z.boolean(),
  }),
]);
export type PaperRules = z.infer<typeof paperRules>;
export const paperRulesBody = z.strictObject({ rules: paperRules.nullable() });
export const paperSetup = z.object({
  classCourseId: z.string(),
  courseName: z.string(),
  /** the class's exam total: the paper's total must equal it */
  classTotal: z.number(),
  /** what is set for this course (null: the platform's default plan) */
  rules: paperRules.nullable(),
  /** the rules a paper is drawn by now */
  effective: paperRules,
  total: z.number(),
  /** why a paper cannot be drawn as set: the bank is too small, a fixed question is gone */
  problems: z.array(z.string()),
  /** a paper drawn by these rules, keys and all, for the manager to look at */
  sample: z.array(
    z.object({
      questionId: z.string(),
      kind: questionKind,
      stem: z.string(),
      options: z.array(z.string()),
      answer: z.string(),
      points: z.number(),
    }),
  ),
});
export type PaperSetup = z.infer<typeof paperSetup>;

/** 考试成绩 export of a class; `full=1`: ID numbers whole (audited either way). */
export const examResultsExportQuery = z.strictObject({
  classId: idText(),
  full: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/** 允许补考: one more attempt at a course's exam for one member who used them all without passing. */
export const grantAttemptBody = z.strictObject({ trainPersonId: idText(), classCourseId: idText() });
export const grantedAttempt = z.object({ attemptsUsed: z.number(), attemptsAllowed: z.number() });
