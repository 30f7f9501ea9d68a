import { describe, expect, it } from 'vitest';
import { answerText } from './exam-results-export.service.js';

describe('an answer as 考试成绩 writes it', () => {
  it('keeps a fill-in’s one-character blanks apart, a multiple choice’s letters together', () => {
    // "根|红" glued into "根红" hid which blank was wrong
    expect(answerText('fill', ['根', '蓝'])).toBe('根|蓝');
    expect(answerText('fill', ['安全帽', '红'])).toBe('安全帽|红');
    expect(answerText('multiple', ['A', 'C'])).toBe('AC');
    expect(answerText('single', 'B')).toBe('B');
    expect(answerText('judge', false)).toBe('错');
    expect(answerText('fill', null)).toBe('未答');
  });
});
