import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { streamBook } from './xlsx-stream.js';

describe('streamBook', () => {
  it('writes its sheets in order and goes on in a sheet of its own when one outgrows its rows', async () => {
    const columns = [{ header: '序号', key: 'n', width: 8 }];
    const stream = streamBook(
      [
        {
          name: '学习轨迹',
          columns,
          fill: async (add) => {
            for (let n = 1; n <= 7; n += 1) add({ n });
          },
        },
        { name: '登录记录', columns, fill: async (add) => add({ n: 1 }) },
      ],
      3,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(await buffer(stream)).buffer);
    const sheets = workbook.worksheets.map((ws) => [
      ws.name,
      ws.getSheetValues().flatMap((row) => (Array.isArray(row) ? [row[1]] : [])),
    ]);
    // every part repeats the header, frozen and bold, above its rows: nothing lost between them
    expect(sheets).toEqual([
      ['学习轨迹', ['序号', 1, 2, 3]],
      ['学习轨迹（2）', ['序号', 4, 5, 6]],
      ['学习轨迹（3）', ['序号', 7]],
      ['登录记录', ['序号', 1]],
    ]);
    for (const ws of workbook.worksheets) {
      expect(ws.getRow(1).font?.bold).toBe(true);
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    }
  });
});
