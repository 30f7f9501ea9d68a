import { describe, expect, it } from 'vitest';
import { csvText } from './csv';

describe('csvText', () => {
  it('quotes what needs it and says UTF-8, so Excel shows Chinese and commas as written', () => {
    expect(
      csvText([
        ['行', '问题'],
        [3, '部门“生产部,一车间”不存在'],
        [4, 'a "b"\nc'],
      ]),
    ).toBe('\uFEFF行,问题\r\n3,"部门“生产部,一车间”不存在"\r\n4,"a ""b""\nc"\r\n');
  });

  it('keeps a cell a spreadsheet would run as a formula as text', () => {
    expect(csvText([['=HYPERLINK("x")', '+1', '-2', '@a', '张三']])).toBe(
      `\uFEFF"'=HYPERLINK(""x"")",'+1,'-2,'@a,张三\r\n`,
    );
  });
});
