// @vitest-environment happy-dom
import { LearnStatus } from '@anxun/shared/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../lib/locales/page-texts';
import { studyKeys, type PersonCourse } from '../api/study-api';
import { CourseDone } from './course-done';

afterEach(cleanup);

const course = (over: Partial<PersonCourse>): PersonCourse =>
  ({
    trainPersonCourseId: 'pc',
    trainPersonId: 'tp',
    trainClassCourseId: 'cc1',
    courseBookId: 'b1',
    courseName: '消防安全基础',
    intro: '',
    teachers: [],
    sortId: 1,
    studyTimeLen: 2,
    studiedHours: 2,
    studiedSeconds: 3600,
    learnStatus: LearnStatus.COMPLETED,
    sysScore: null,
    sysComments: null,
    startTime: null,
    lastLearnDate: null,
    endTime: null,
    sysSchedule: 100,
    unitCount: 6,
    completedUnits: 6,
    examRequired: false,
    examPassed: false,
    ...over,
  }) as PersonCourse;

function show(records: PersonCourse[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(studyKeys.courses('tp'), { records, total: records.length });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CourseDone trainPersonId="tp" classCourseId="cc1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("a course's last unit done", () => {
  it('offers the certificate once every course is complete', () => {
    show([course({})]);
    expect(screen.getByTestId('next-step-certificate')).toBeTruthy();
    expect(screen.getByText('班级的课程已全部完成')).toBeTruthy();
  });

  it('says a course whose units are all done but whose 学时 are short cannot complete, and offers no certificate', () => {
    // six units of six minutes for a course asking two hours: watching again earns nothing
    show([course({ studiedHours: 0.19, studiedSeconds: 350, learnStatus: LearnStatus.STUDYING })]);
    expect(screen.queryByTestId('next-step-certificate')).toBeNull();
    expect(screen.queryByText('班级的课程已全部完成')).toBeNull();
    expect(screen.getByTestId('hours-short').textContent).toBe(
      '本课程要求 2 学时，已计入 0.19 学时：课件已全部学完，重复观看不再计入，本课程无法完成。请联系培训管理员调整本课程的学时要求。',
    );
  });

  it('still offers the exam, or the next course, beside a shortfall', () => {
    show([
      course({ studiedHours: 0.5, learnStatus: LearnStatus.STUDYING, examRequired: true }),
      course({ trainClassCourseId: 'cc2', courseName: '危险化学品安全', learnStatus: LearnStatus.STUDYING }),
    ]);
    expect(screen.getByTestId('next-step-exam')).toBeTruthy();
    expect(screen.getByTestId('hours-short')).toBeTruthy();
  });
});
