import type { ExamRules } from '@anxun/shared/schemas/exams';

/** National practice: 120 minutes, 100 points, pass at 80, one retake. */
export const DEFAULT_EXAM_RULES: ExamRules = {
  required: false,
  durationMinutes: 120,
  totalScore: 100,
  passScore: 80,
  retakes: 1,
  afterStudy: false,
};

const num = (v: unknown, min: number, max: number, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback;

/** A class's exam settings from its rules JSON (`exam: {…}`, or the older `examRequired`). */
export function parseExamRules(rulesJson: string): ExamRules {
  let rules: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(rulesJson);
    if (parsed && typeof parsed === 'object') rules = parsed as Record<string, unknown>;
  } catch {
    rules = {};
  }
  const exam = (rules.exam && typeof rules.exam === 'object' ? rules.exam : {}) as Record<string, unknown>;
  const totalScore = num(exam.totalScore, 10, 1000, DEFAULT_EXAM_RULES.totalScore);
  return {
    required: exam.required === true || rules.examRequired === true,
    durationMinutes: num(exam.durationMinutes, 5, 600, DEFAULT_EXAM_RULES.durationMinutes),
    totalScore,
    passScore: num(exam.passScore, 1, totalScore, Math.min(DEFAULT_EXAM_RULES.passScore, totalScore)),
    retakes: Math.round(num(exam.retakes, 0, 20, DEFAULT_EXAM_RULES.retakes)),
    afterStudy: exam.afterStudy === true,
  };
}
