import { prefetch } from '../../../lib/api-client';

/**
 * The site's organisation when the address names one: ?OrgCode= after the # or before it, as
 * the header reads it (lib/org-info siteOrgCode) — a page must not show one organisation's name
 * over another's courses.
 */
export const orgQuery = () =>
  new URLSearchParams(location.hash.split('?')[1] ?? '').get('OrgCode') ??
  new URLSearchParams(location.search).get('OrgCode') ??
  undefined;

/**
 * What 首页 and 课程详情 ask for, as address and parameters, in one place: its hooks (courses-api,
 * online-api) ask these, and a first visit to 首页 asks them ahead (`prefetchHome`). No
 * React or query library here: the app's start imports this file.
 */
export const courseRequests = {
  hot: () => ['/api/course/book/select-thermal-page', { size: 4, OrgCode: orgQuery() }] as const,
  list: (name: string, page: number) =>
    ['/api/course/book/select-page', { name, current: page, size: 8, OrgCode: orgQuery() }] as const,
  comments: (bookId: string | undefined, page: number, options: { minRating?: number; size?: number } = {}) =>
    [
      '/api/online/cmtion/select-page',
      {
        courseBookId: bookId,
        current: page,
        size: options.size ?? 10,
        minRating: options.minRating,
        OrgCode: bookId ? undefined : orgQuery(),
      },
    ] as const,
  newest: () => ['/api/train/person/select-newest', { size: 8, OrgCode: orgQuery() }] as const,
  // 课程详情
  info: (bookId: string) => [`/api/course/book/find-course-info/${encodeURIComponent(bookId)}`, undefined] as const,
  units: (bookId: string) => ['/api/course/couwarp/select-warp-use-List', { courseBookId: bookId }] as const,
  useState: (bookId: string) => ['/api/course/book/select-course-use-State', { courseBookId: bookId }] as const,
};

/** 首页's testimonials: the organisation's newest comments rated 4 or 5. */
export const TESTIMONIALS = { page: 1, minRating: 4, size: 6 } as const;

/** Asks 首页's lists while its code arrives (a first visit to 首页). */
export function prefetchHome(): void {
  for (const [url, query] of [
    courseRequests.hot(),
    courseRequests.list('', 1),
    courseRequests.comments(undefined, TESTIMONIALS.page, TESTIMONIALS),
    courseRequests.newest(),
  ]) {
    prefetch(url, query);
  }
}

/** Asks a course's page's details, units and the learner's place in it while its code arrives (a first visit to 课程详情). */
export function prefetchCourse(bookId: string): void {
  for (const [url, query] of [
    courseRequests.info(bookId),
    courseRequests.units(bookId),
    courseRequests.useState(bookId),
  ]) {
    prefetch(url, query);
  }
}
