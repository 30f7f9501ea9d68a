import type { CourseUseState, NewestLearner } from '@anxun/shared/schemas/training';
import type { AnswerPost, AnswerThread, Comment, CommentsPage } from '@anxun/shared/schemas/online';
import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { courseRequests } from './course-requests';

export type { AnswerPost, AnswerThread, Comment };

export type { CommentsPage, CourseUseState, NewestLearner };

/** Query keys of comments and discussion, from one factory. */
export const onlineKeys = {
  all: ['online'] as const,
  comments: (bookId: string | undefined, page: number, minRating?: number) =>
    ['online', 'comments', bookId ?? 'org', page, minRating ?? 0] as const,
  threads: (bookId: string, page: number) => ['online', 'threads', bookId, page] as const,
  newest: ['online', 'newest-learners'] as const,
  useState: (bookId: string) => ['online', 'use-state', bookId] as const,
};

/**
 * While another page of the same course's posts loads, the page shown stays (its pager and
 * the focus on it, and the learner's own comment in his form); another course's does not.
 */
function samePosts<T>(place: string) {
  return (previous: T | undefined, query: Query<T, Error, T, readonly unknown[]> | undefined) =>
    query?.queryKey[2] === place ? previous : undefined;
}

export function useComments(
  bookId: string | undefined,
  page: number,
  options: { minRating?: number; size?: number } = {},
) {
  return useQuery({
    queryKey: onlineKeys.comments(bookId, page, options.minRating),
    queryFn: () => {
      const [url, query] = courseRequests.comments(bookId, page, options);
      return api.get<CommentsPage>(url, { query, silent: true });
    },
    placeholderData: samePosts<CommentsPage>(bookId ?? 'org'),
  });
}

export function useThreads(bookId: string, page: number) {
  return useQuery({
    queryKey: onlineKeys.threads(bookId, page),
    queryFn: () =>
      api.get<{ records: AnswerThread[]; total: number }>('/api/online/answers/select-page', {
        query: { courseBookId: bookId, current: page, size: 10 },
        silent: true,
      }),
    placeholderData: samePosts<{ records: AnswerThread[]; total: number }>(bookId),
  });
}

export function useNewestLearners() {
  return useQuery({
    queryKey: onlineKeys.newest,
    queryFn: () => {
      const [url, query] = courseRequests.newest();
      return api.get<NewestLearner[]>(url, { query, silent: true });
    },
  });
}

/** Whether the signed-in learner studies this course (guests: not). */
export function useCourseUseState(bookId: string) {
  return useQuery({
    queryKey: onlineKeys.useState(bookId),
    // a page opened without a course (a bare /#/course): nothing to ask about
    enabled: Boolean(bookId),
    queryFn: () => {
      const [url, query] = courseRequests.useState(bookId);
      return api.get<CourseUseState>(url, { query, silent: true });
    },
  });
}

/** A write to comments or discussion; afterwards every list of them is fetched again. */
function useOnlineMutation<V, R>(send: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: onlineKeys.all }),
  });
}

export const useSubmitComment = () =>
  useOnlineMutation((body: { courseBookId: string; rating: number; content: string }) =>
    api.post<Comment>('/api/online/cmtion/submit', { json: body }),
  );

export const useDeleteComment = () =>
  useOnlineMutation((id: string) => api.delete(`/api/online/cmtion/delete/${encodeURIComponent(id)}`));

export const useSubmitAnswer = () =>
  useOnlineMutation((body: { courseBookId: string; parentId?: string; content: string }) =>
    api.post<AnswerPost>('/api/online/answers/submit', { json: body }),
  );

export const useUpdateAnswer = () =>
  useOnlineMutation((body: { id: string; content: string }) =>
    api.post<AnswerPost>('/api/online/answers/update', { json: body }),
  );

export const useDeleteAnswer = () =>
  useOnlineMutation((id: string) => api.delete(`/api/online/answers/delete/${encodeURIComponent(id)}`));

export { useCertificateProgress } from '../../../lib/certificate-progress';
