import type { CourseBook, CourseInfo, CourseUnit } from '@anxun/shared/schemas/training';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { courseRequests } from './course-requests';

export type { CourseBook, CourseInfo, CourseUnit };

export const courseKeys = {
  hot: ['courses', 'hot'] as const,
  list: (name: string, page: number) => ['courses', 'list', name, page] as const,
  info: (id: string) => ['courses', 'info', id] as const,
  units: (id: string) => ['courses', 'units', id] as const,
};

export function useHotCourses() {
  return useQuery({
    queryKey: courseKeys.hot,
    queryFn: () => {
      const [url, query] = courseRequests.hot();
      return api.get<{ records: CourseBook[]; total: number }>(url, { query, silent: true });
    },
  });
}

export function useCourseList(name: string, page: number) {
  return useQuery({
    queryKey: courseKeys.list(name, page),
    // another page or search keeps the cards and the pager on screen until the answer comes
    placeholderData: keepPreviousData,
    queryFn: () => {
      const [url, query] = courseRequests.list(name, page);
      return api.get<{ records: CourseBook[]; total: number }>(url, { query, silent: true });
    },
  });
}

export function useCourseInfo(id: string | undefined) {
  return useQuery({
    queryKey: courseKeys.info(id ?? ''),
    enabled: Boolean(id),
    queryFn: () => {
      const [url, query] = courseRequests.info(id!);
      // the page says what went wrong in its place: a toast would bring antd to a plain page
      return api.get<CourseInfo>(url, { query, silent: true });
    },
  });
}

export function useCourseUnits(id: string | undefined) {
  return useQuery({
    queryKey: courseKeys.units(id ?? ''),
    enabled: Boolean(id),
    queryFn: () => {
      const [url, query] = courseRequests.units(id!);
      return api.get<CourseUnit[]>(url, { query, silent: true });
    },
  });
}
