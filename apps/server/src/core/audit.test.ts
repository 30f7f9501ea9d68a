import { maskIdCard } from '@anxun/shared/validators';
import { describe, expect, it } from 'vitest';
import { changedFields, summaryText } from './audit.js';

const ID = '11010519900101123X';

describe('an audit summary', () => {
  it('keeps the fields an edit changes, with what names the record, and not the ones it left alone', () => {
    const summary = changedFields(
      { name: '消防', classHours: 0.05, category: '通用', teachers: ['王'] },
      { name: '消防', classHours: 1, category: '通用', teachers: undefined },
    );
    expect(summary).toEqual({ before: { name: '消防', classHours: 0.05 }, after: { name: '消防', classHours: 1 } });
  });

  it('masks an ID number wherever it is, a list or a long text, before cutting the text to 200 characters', () => {
    const text = JSON.parse(
      summaryText({
        before: { options: [`甲 ${ID}`, '乙'], stem: `${'字'.repeat(190)}${ID}` },
        after: { password: 'secret', nested: { idCard: ID } },
      }),
    );
    // no run of more than the four digits a masked number shows (an ID number cut short is still one)
    expect(JSON.stringify(text)).not.toMatch(/\d{5}/);
    // masked as every answer masks one
    expect(text.before.options[0]).toBe(`甲 ${maskIdCard(ID)}`);
    expect(text.before.stem.length).toBeLessThanOrEqual(201);
    expect(text.before.stem).toMatch(/…$/);
    expect(text.after.password).toBeUndefined();
  });
});
