import type { ExamReview } from '@anxun/shared/schemas/exams';
import type {
  ClassArchiveStatus,
  Dashboard,
  ClassProgressPage,
  ClassProgressRow,
  DepartmentSummaryRow,
  LearnerReport,
  MemberStatus,
} from '@anxun/shared/schemas/reports';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type {
  Dashboard,
  ClassProgressPage,
  ClassProgressRow,
  DepartmentSummaryRow,
  ExamReview,
  LearnerReport,
  MemberStatus,
};

const M = '/api/manage';

export interface ReportFilter {
  departmentId?: string | undefined;
  /** one course of the class */
  classCourseId?: string | undefined;
  status?: MemberStatus | undefined;
  q?: string | undefined;
  /** YYYY-MM-DD, both included */
  from?: string | undefined;
  to?: string | undefined;
}

const defined = (values: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => Boolean(e[1])));

/** 一期一档 of a class: asked for, polled while it is built, downloaded when ready. */
export const useClassArchive = (classId: string | undefined) =>
  useQuery({
    queryKey: ['console', 'report', 'archive', classId],
    enabled: Boolean(classId),
    queryFn: () => api.get<ClassArchiveStatus>(`${M}/archives/class/${classId}/status`),
    refetchInterval: (query) =>
      query.state.data?.status === 'queued' || query.state.data?.status === 'running' ? 1500 : false,
  });
export const requestClassArchive = (classId: string) => api.post<{ jobId: string }>(`${M}/archives/class/${classId}`);

/** 概览: today, the last 30 days, the classes behind. */
export const useDashboard = () =>
  useQuery({ queryKey: ['console', 'dashboard'], queryFn: () => api.get<Dashboard>(`${M}/dashboard`) });

/** 班级学习进度, a page (of `size`) at a time. */
export const useClassProgress = (classId: string | undefined, filter: ReportFilter, current: number, size = 20) =>
  useQuery({
    queryKey: ['console', 'report', 'class', classId, filter, current, size],
    enabled: Boolean(classId),
    queryFn: () =>
      api.get<ClassProgressPage>(`${M}/reports/class-progress`, {
        query: defined({ classId, ...filter, current: String(current), size: String(size) }),
      }),
  });

/** 学员学习档案. */
export const useLearnerReport = (personId: string | undefined) =>
  useQuery({
    queryKey: ['console', 'report', 'learner', personId],
    enabled: Boolean(personId),
    queryFn: () => api.get<LearnerReport>(`${M}/reports/learners/${personId}`),
  });

/** 允许补考: one more attempt at a course's exam for a member who used them all without passing. */
export const grantExamAttempt = (trainPersonId: string, classCourseId: string) =>
  api.post<{ attemptsUsed: number; attemptsAllowed: number }>(`${M}/exam-attempts/grant`, {
    json: { trainPersonId, classCourseId },
  });

/** 部门汇总. */
export const useDepartmentSummary = (filter: { classId?: string | undefined; from?: string; to?: string }) =>
  useQuery({
    queryKey: ['console', 'report', 'departments', filter],
    queryFn: () => api.get<DepartmentSummaryRow[]>(`${M}/reports/departments`, { query: defined(filter) }),
  });

/** 答卷: an exam attempt as it was handed in. */
export const useAnswerSheet = (attemptId: string | undefined) =>
  useQuery({
    queryKey: ['console', 'report', 'sheet', attemptId],
    enabled: Boolean(attemptId),
    queryFn: () => api.get<ExamReview>(`${M}/exam-attempts/${attemptId}`),
  });
