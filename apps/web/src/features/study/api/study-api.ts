import type {
  ClassInfo,
  MyClass,
  PersonCourse,
  StudyTime,
  UpdateWarpResult,
  WarpCourseData,
} from '@anxun/shared/schemas/training';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A progress report's answer: what was credited, why not, and a face check due now. */
export type CreditAnswer = UpdateWarpResult;
export type { ClassInfo, MyClass, PersonCourse, StudyTime };

/** Query keys of the study feature, from one factory. */
export const studyKeys = {
  classes: ['study', 'classes'] as const,
  courses: (trainPersonId: string) => ['study', 'courses', trainPersonId] as const,
  units: (classCourseId: string | undefined) => ['study', 'units', classCourseId ?? 'all'] as const,
  bookUnits: (courseBookId: string) => ['study', 'book-units', courseBookId] as const,
  studyTime: ['study', 'study-time'] as const,
};

export function useMyClasses() {
  return useQuery({
    queryKey: studyKeys.classes,
    queryFn: () =>
      api.get<{ records: MyClass[]; total: number }>('/api/train/person/select-page', { query: { size: 50 } }),
  });
}

/** A class's courses, as 我的学习 and 课程进度 ask for them (one cache entry per class). */
export const classCoursesQuery = (trainPersonId: string | undefined) => ({
  queryKey: studyKeys.courses(trainPersonId ?? ''),
  enabled: Boolean(trainPersonId),
  queryFn: () =>
    api.get<{ records: PersonCourse[]; total: number }>('/api/train/cls_course/select-page', {
      query: { trainPersonId, size: 100 },
    }),
});

export function useClassCourses(trainPersonId: string | undefined) {
  return useQuery(classCoursesQuery(trainPersonId));
}

export function useClassInfo(trainClassId: string) {
  return useQuery({
    queryKey: ['study', 'class-info', trainClassId] as const,
    queryFn: () =>
      api.get<ClassInfo>(`/api/train/person/select-class-info/${encodeURIComponent(trainClassId)}`, { silent: true }),
  });
}

export function useUnits(classCourseId: string | undefined) {
  return useQuery({
    queryKey: studyKeys.units(classCourseId),
    queryFn: () =>
      api.post<WarpCourseData[]>('/api/train/cls_Warp/find-WarpCourse', {
        json: classCourseId ? { trainClassCourseId: classCourseId } : {},
      }),
  });
}

/** The learner's units of one course book (in whichever class has it). */
export function useBookUnits(courseBookId: string) {
  return useQuery({
    queryKey: studyKeys.bookUnits(courseBookId),
    enabled: Boolean(courseBookId),
    queryFn: () => api.post<WarpCourseData[]>('/api/train/cls_Warp/find-WarpCourse', { json: { courseBookId } }),
  });
}

/** The learner's totals and their last 14 days of credited study. */
export function useStudyTime(userId: string | undefined) {
  return useQuery({
    queryKey: studyKeys.studyTime,
    enabled: Boolean(userId),
    queryFn: () => api.get<StudyTime>(`/api/train/cls_Warp/select-study-time/${encodeURIComponent(userId!)}`),
  });
}

export { useCertificateProgress } from '../../../lib/certificate-progress';
