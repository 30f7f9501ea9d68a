import { describe, expect, it } from 'vitest';
import { composePaper, correctAnswerOf, parseKey, scoreAnswer } from './scoring.js';

describe('scoring each kind of question', () => {
  it('single choice: the one right option, nothing else', () => {
    const key = parseKey('single', '"B"');
    expect(scoreAnswer(key, 'B', 4)).toEqual({ earned: 4, correct: true });
    expect(scoreAnswer(key, ' b ', 4)).toEqual({ earned: 4, correct: true });
    expect(scoreAnswer(key, 'A', 4)).toEqual({ earned: 0, correct: false });
    expect(scoreAnswer(key, ['B'], 4)).toEqual({ earned: 0, correct: false });
    expect(scoreAnswer(key, undefined, 4)).toEqual({ earned: 0, correct: false });
  });

  it('multiple choice: all right for full, some right and none wrong for half, any wrong for none', () => {
    const key = parseKey('multiple', '["A","B","D"]');
    expect(scoreAnswer(key, ['D', 'A', 'B'], 6)).toEqual({ earned: 6, correct: true });
    expect(scoreAnswer(key, ['A', 'B'], 6)).toEqual({ earned: 3, correct: false });
    expect(scoreAnswer(key, ['A'], 6)).toEqual({ earned: 3, correct: false });
    expect(scoreAnswer(key, ['A', 'B', 'C'], 6)).toEqual({ earned: 0, correct: false });
    expect(scoreAnswer(key, ['A', 'B', 'C', 'D'], 6)).toEqual({ earned: 0, correct: false });
    expect(scoreAnswer(key, [], 6)).toEqual({ earned: 0, correct: false });
    expect(scoreAnswer(key, 'A', 6)).toEqual({ earned: 0, correct: false });
  });

  it('true/false: the right boolean', () => {
    const key = parseKey('judge', 'false');
    expect(scoreAnswer(key, false, 2)).toEqual({ earned: 2, correct: true });
    expect(scoreAnswer(key, true, 2)).toEqual({ earned: 0, correct: false });
    expect(scoreAnswer(key, 'false', 2)).toEqual({ earned: 0, correct: false });
  });

  it('fill-in: any accepted text per blank, ignoring width, case and spaces; partial blanks partly', () => {
    const one = parseKey('fill', '[["119"]]');
    expect(scoreAnswer(one, ['１１９'], 5)).toEqual({ earned: 5, correct: true });
    expect(scoreAnswer(one, ['120'], 5)).toEqual({ earned: 0, correct: false });
    const two = parseKey('fill', '[["口鼻","口和鼻"],["低姿"]]');
    expect(scoreAnswer(two, ['口和鼻', ' 低 姿 '], 5)).toEqual({ earned: 5, correct: true });
    expect(scoreAnswer(two, ['口 鼻', '弯腰'], 5)).toEqual({ earned: 2.5, correct: false });
    expect(scoreAnswer(two, 'x', 5)).toEqual({ earned: 0, correct: false });
    expect(correctAnswerOf(two)).toEqual(['口鼻', '低姿']);
  });
});

describe('composing a paper', () => {
  const bank = [
    ...Array.from({ length: 12 }, (_, i) => ({ id: `s${i}`, kind: 'single' as const })),
    ...Array.from({ length: 6 }, (_, i) => ({ id: `m${i}`, kind: 'multiple' as const })),
    ...Array.from({ length: 10 }, (_, i) => ({ id: `j${i}`, kind: 'judge' as const })),
    ...Array.from({ length: 4 }, (_, i) => ({ id: `f${i}`, kind: 'fill' as const })),
  ];

  it('draws the plan from the bank, points adding up to the total', () => {
    const paper = composePaper(bank, 100);
    expect(paper).toHaveLength(27);
    expect(new Set(paper.map((p) => p.questionId)).size).toBe(27);
    expect(paper.reduce((s, p) => s + p.points, 0)).toBe(100);
    expect(paper.find((p) => p.questionId.startsWith('m'))!.points).toBe(6);
  });

  it('scales to another total and to a smaller bank', () => {
    const small = composePaper(bank.slice(0, 7), 150);
    expect(small).toHaveLength(7);
    expect(small.reduce((s, p) => s + p.points, 0)).toBe(150);
    expect(composePaper([], 100)).toEqual([]);
  });
});
