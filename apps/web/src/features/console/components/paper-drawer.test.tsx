// @vitest-environment happy-dom
import type { PaperRules } from '@anxun/shared/schemas/exams';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { consoleKeys, type BankQuestion } from '../api/console-api';
import type { PaperSetup } from '@anxun/shared/schemas/exams';
import '../locales/console-texts';
import { CoursePaper, FixedPicker } from './paper-drawer';

afterEach(cleanup);

const question = (id: string, stem: string, points: number | null): BankQuestion => ({
  id,
  kind: 'single',
  stem,
  options: ['甲', '乙'],
  answer: 'A',
  analysis: '',
  points,
  difficulty: 'medium',
  imageUrl: null,
});

type Fixed = Extract<PaperRules, { mode: 'fixed' }>;

/**
 * The picker over a first page of the bank holding `records` (of `total`), its paper as the
 * drawer holds it: `rules()` is what it last gave back, `pick` ticks a question's row.
 */
function showPicker(records: BankQuestion[], total: number, saved: Fixed['questions'] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(consoleKeys.bankQuestions('b1', { current: 1 }), { records, total });
  let rules: PaperRules = { mode: 'fixed', questions: saved, shuffleOptions: false };
  const view = () => (
    <QueryClientProvider client={client}>
      <FixedPicker
        bookId="b1"
        rules={rules as Fixed}
        onChange={(next) => {
          rules = next;
        }}
      />
    </QueryClientProvider>
  );
  const { rerender } = render(view());
  return {
    rules: () => rules,
    pick(stem: string) {
      fireEvent.click(screen.getByText(stem).closest('tr')!.querySelector('input[type="checkbox"]')!);
      rerender(view());
    },
  };
}

describe('a fixed paper picked from the bank', () => {
  it('gives a question its own 分值, and the others the points set for them', () => {
    const picker = showPicker(
      [question('q1', '动火作业前应办理什么？', 10), question('q2', '灭火器应放在哪里？', null)],
      2,
    );
    picker.pick('动火作业前应办理什么？');
    picker.pick('灭火器应放在哪里？');
    expect(picker.rules()).toMatchObject({
      mode: 'fixed',
      questions: [
        { questionId: 'q1', points: 10 },
        { questionId: 'q2', points: 5 },
      ],
    });
  });

  it('keeps the 分值 of a question on a page not shown yet when the others get new points', () => {
    // saved before: q1 (its own 10, on page 2) and q2 (3 each)
    const picker = showPicker([question('q2', '灭火器应放在哪里？', null)], 21, [
      { questionId: 'q1', points: 10 },
      { questionId: 'q2', points: 3 },
    ]);
    const each = screen.getByTestId('paper-each-points') as HTMLInputElement;
    expect(Number(each.value)).toBe(3);
    fireEvent.change(each, { target: { value: '4' } });
    fireEvent.blur(each);
    expect(picker.rules()).toMatchObject({
      questions: [
        { questionId: 'q1', points: 10 },
        { questionId: 'q2', points: 4 },
      ],
    });
  });
});

describe("a course's random paper being set", () => {
  it('tells the saved plan’s shortage, and not beside other counts being typed', () => {
    const plan = (single: number): PaperRules => ({
      mode: 'random',
      kinds: {
        single: { count: single, points: 2 },
        multiple: { count: 0, points: 2 },
        judge: { count: 20, points: 2 },
        fill: { count: 0, points: 2 },
      },
      shuffleOptions: false,
    });
    const setup: PaperSetup = {
      classCourseId: 'cc1',
      courseName: '安全生产法',
      classTotal: 100,
      rules: null,
      effective: plan(30),
      total: 100,
      problems: ['单选题只有 3 道，需要 30 道'],
      sample: [{ questionId: 'q1', kind: 'single', stem: '甲', options: ['甲', '乙'], answer: 'A', points: 2 }],
    };
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    client.setQueryData(consoleKeys.paper('cc1'), setup);
    render(
      <QueryClientProvider client={client}>
        <CoursePaper classId="c1" classCourseId="cc1" bookId="b1" />
      </QueryClientProvider>,
    );
    expect(screen.getByText('单选题只有 3 道，需要 30 道')).toBeTruthy();
    expect(screen.getByText('题库试题不足')).toBeTruthy();

    // antd puts the test id on the input itself or on its wrapper
    const field = (id: string) => {
      const el = screen.getByTestId(id);
      return el.tagName === 'INPUT' ? el : el.querySelector('input')!;
    };
    fireEvent.change(field('paper-count-single'), { target: { value: '3' } });
    fireEvent.change(field('paper-count-judge'), { target: { value: '47' } });
    expect(screen.getByTestId('paper-total').textContent).toContain('100');
    expect(screen.queryByText('单选题只有 3 道，需要 30 道')).toBeNull();
    expect(screen.getByTestId('paper-unsaved').textContent).toBe('规则已修改，保存后重新检查题库能否组卷');
    // a kind drawn 0 times at 0 分 is no problem (helper-85: it asked for 0.5 to 100 and would not save)
    fireEvent.change(field('paper-points-multiple'), { target: { value: '0' } });
    expect(screen.queryByText('请输入 0.5 到 100 之间的数')).toBeNull();
    // …a kind drawn is
    fireEvent.change(field('paper-points-judge'), { target: { value: '0' } });
    expect(screen.getByText('请输入 0.5 到 100 之间的数')).toBeTruthy();
  });
});
