import type { PersonCourse } from '@anxun/shared/schemas/training';
import type {
  AnswerValue,
  ExamPaper,
  ExamReview,
  ExamRules,
  ExamSummary,
  PracticeMode,
  PracticeQuestion,
  PracticeResult,
  QuestionView,
} from '@anxun/shared/schemas/exams';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type {
  AnswerValue,
  ExamPaper,
  ExamReview,
  ExamRules,
  ExamSummary,
  PracticeMode,
  PracticeQuestion,
  PracticeResult,
  QuestionView,
};

/** A course of one of the learner's classes, with the class it belongs to. */
export type MyCourse = Pick<
  PersonCourse,
  'trainClassCourseId' | 'courseBookId' | 'courseName' | 'examRequired' | 'examPassed'
> & { className: string };

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
  api.get<PracticeQuestion>('/api/exam/practice/next', { query: { courseBookId, mode }, silent: true });

export const answerPractice = (body: {
  courseBookId: string;
  questionId: string;
  mode: PracticeMode;
  answer: AnswerValue;
}) => api.post<PracticeResult>('/api/exam/practice/answer', { json: body });

export const resetPractice = (courseBookId: string) => api.post('/api/exam/practice/reset', { json: { courseBookId } });

export const examSummary = (trainClassCourseId: string, silent = false) =>
  api.get<ExamSummary>('/api/exam/mock/summary', { query: { trainClassCourseId }, silent });

/** silent: the panel says a refusal itself (a face check asked for opens its dialog instead) */
export const startExam = (trainClassCourseId: string) =>
  api.post<ExamPaper>('/api/exam/mock/start', { json: { trainClassCourseId }, silent: true });

/** `leaving`: the page is hidden, or closed or reloaded; the request is kept alive past it. */
export const saveExam = (attemptId: string, answers: Record<string, AnswerValue>, leaving = false) =>
  api.post<{ savedAt: string }>('/api/exam/mock/save', {
    json: { attemptId, answers },
    silent: true,
    keepalive: leaving,
  });

export const submitExam = (attemptId: string, answers: Record<string, AnswerValue>) =>
  api.post<ExamReview>('/api/exam/mock/submit', { json: { attemptId, answers } });

export const reviewExam = (attemptId: string) =>
  api.get<ExamReview>(`/api/exam/mock/review/${encodeURIComponent(attemptId)}`);
