import { describe, expect, it } from 'vitest';
import { groupSheetErrors, rowRanges } from './sheet-error-groups';

describe('a refused sheet as the problems to fix', () => {
  it('gives one line to the same words on many rows, naming its rows and learners, in the order met', () => {
    const missing = '部门“三车间”不存在，可勾选“自动创建表格中不存在的部门”';
    const groups = groupSheetErrors([
      { row: 3, field: '部门', msg: missing, name: '张三' },
      { row: 3, field: '身份证号', msg: '身份证号不正确（18位，校验位须正确）', name: '张三' },
      { row: 4, field: '部门', msg: missing, name: '李四' },
      { row: 5, field: '部门', msg: missing, name: '王五' },
      { row: 9, field: '部门', msg: '部门“四车间”不存在，可勾选“自动创建表格中不存在的部门”', name: '赵六' },
      { row: 12, field: '部门', msg: missing, name: '张三' },
    ]);
    expect(groups).toEqual([
      { rows: [3, 4, 5, 12], names: ['张三', '李四', '王五'], field: '部门', msg: missing },
      { rows: [3], names: ['张三'], field: '身份证号', msg: '身份证号不正确（18位，校验位须正确）' },
      { rows: [9], names: ['赵六'], field: '部门', msg: '部门“四车间”不存在，可勾选“自动创建表格中不存在的部门”' },
    ]);
  });

  it('writes runs of rows as ranges', () => {
    expect(rowRanges([3, 4, 5, 12])).toBe('3–5、12');
    expect(rowRanges([8, 2, 3])).toBe('2、3、8');
    expect(rowRanges([7])).toBe('7');
    expect(rowRanges([1, 2, 3, 4, 6, 7, 8], ', ')).toBe('1–4, 6–8');
    // a problem on scattered rows: the first of them and how many in all (the CSV has each)
    expect(rowRanges([...Array.from({ length: 100 }, (_, i) => 2 + 2 * i)])).toBe(
      '2、4、6、8、10、12、14、16 … 共 100 行',
    );
  });
});
