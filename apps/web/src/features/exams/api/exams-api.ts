import type { AnswerValue, ExamReview, PracticeMode, QuestionView } from '@anxun/shared/schemas/exams';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { AnswerValue, ExamReview, PracticeMode, QuestionView };

export interface MyCourse {
  trainClassCourseId: string;
  courseBookId: string;
  courseName: string;
  className: string;
  examRequired: boolean;
  examPassed: boolean;
}

export interface PracticeQuestion {
  mode: PracticeMode;
  question: QuestionView | null;
  position: number;
  total: number;
  answered: number;
  correct: number;
  wrongBook: number;
}

export interface PracticeResult {
  questionId: string;
  correct: boolean;
  correctAnswer: AnswerValue;
  analysis: string;
  streak: number;
  removedFromWrongBook: boolean;
  wrongBook: number;
}

export interface ExamRules {
  required: boolean;
  durationMinutes: number;
  totalScore: number;
  passScore: number;
  retakes: number;
}

export interface ExamSummary {
  trainClassCourseId: string;
  courseName: string;
  rules: ExamRules;
  attemptsUsed: number;
  attemptsAllowed: number;
  passed: boolean;
  bestScore: number | null;
  openAttemptId: string | null;
  attempts: Array<{
    attemptId: string;
    status: 'open' | 'submitted' | 'expired';
    score: number | null;
    passed: boolean;
    startedAt: string;
    submittedAt: string | null;
  }>;
}

export interface ExamPaper {
  attemptId: string;
  courseName: string;
  rules: ExamRules;
  deadlineAt: string;
  secondsLeft: number;
  questions: Array<QuestionView & { points: number }>;
  answers: Record<string, AnswerValue>;
  attemptNumber: number;
  attemptsAllowed: number;
}

export const examKeys = {
  courses: ['exams', 'my-courses'] as const,
  practice: (bookId: string, mode: PracticeMode) => ['exams', 'practice', bookId, mode] as const,
  summary: (classCourseId: string) => ['exams', 'summary', classCourseId] as const,
};

/** The learner's courses across classes (the books they may practise and sit exams for). */
export function useMyCourses() {
  const classes = useQuery({
    queryKey: ['exams', 'classes'],
    queryFn: () =>
      api.get<{ records: Array<{ trainPersonId: string; className: string }> }>('/api/train/person/select-page', {
        query: { size: 50 },
      }),
  });
  const courses = useQueries({
    queries: (classes.data?.records ?? []).map((c) => ({
      queryKey: ['exams', 'class-courses', c.trainPersonId],
      queryFn: () =>
        api
          .get<{ records: Array<Omit<MyCourse, 'className'>> }>('/api/train/cls_course/select-page', {
            query: { trainPersonId: c.trainPersonId, size: 100 },
          })
          .then((r) => r.records.map((course) => ({ ...course, className: c.className }))),
    })),
  });
  return {
    isPending: classes.isPending || courses.some((c) => c.isPending),
    data: courses.flatMap((c) => c.data ?? []),
  };
}

export const nextPractice = (courseBookId: string, mode: PracticeMode) =>
  api.get<PracticeQuestion>('/api/exam/practice/next', { query: { courseBookId, mode } });

export const answerPractice = (body: {
  courseBookId: string;
  questionId: string;
  mode: PracticeMode;
  answer: AnswerValue;
}) => api.post<PracticeResult>('/api/exam/practice/answer', { json: body });

export const resetPractice = (courseBookId: string) => api.post('/api/exam/practice/reset', { json: { courseBookId } });

export const examSummary = (trainClassCourseId: string) =>
  api.get<ExamSummary>('/api/exam/mock/summary', { query: { trainClassCourseId } });

export const startExam = (trainClassCourseId: string) =>
  api.post<ExamPaper>('/api/exam/mock/start', { json: { trainClassCourseId } });

export const saveExam = (attemptId: string, answers: Record<string, AnswerValue>) =>
  api.post<{ savedAt: string }>('/api/exam/mock/save', { json: { attemptId, answers }, silent: true });

export const submitExam = (attemptId: string, answers: Record<string, AnswerValue>) =>
  api.post<ExamReview>('/api/exam/mock/submit', { json: { attemptId, answers } });

export const reviewExam = (attemptId: string) =>
  api.get<ExamReview>(`/api/exam/mock/review/${encodeURIComponent(attemptId)}`);
