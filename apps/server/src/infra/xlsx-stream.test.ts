import crypto from 'node:crypto';
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

describe('a streamed sheet nobody reads', () => {
  it('waits between pages for its reader, then gives every row', async () => {
    let pages = 0;
    let filled = false;
    const stream = streamBook([
      {
        name: '学习轨迹',
        columns: [{ header: '内容', key: 'text', width: 40 }],
        fill: async (add, drained) => {
          for (let page = 0; page < 40; page += 1) {
            for (let n = 0; n < 500; n += 1)
              add({ text: `第${page}页第${n}行 ${crypto.randomBytes(32).toString('hex')}` });
            pages += 1;
            await drained();
          }
          filled = true;
        },
      },
    ]);
    // no reader: the sheet stops a page or so past what the stream holds (it wrote all 40 before;
    // random text, as addresses and ids are, does not compress away)
    await new Promise((r) => setTimeout(r, 1500));
    expect(filled).toBe(false);
    expect(pages).toBeLessThan(40);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(await buffer(stream)).buffer);
    expect(filled).toBe(true);
    expect(workbook.worksheets[0]!.actualRowCount).toBe(1 + 40 * 500);
  });

  it('stops filling once the download is abandoned', async () => {
    let pages = 0;
    const stream = streamBook([
      {
        name: '学习轨迹',
        columns: [{ header: '内容', key: 'text', width: 40 }],
        fill: async (add, drained) => {
          for (let page = 0; page < 1000; page += 1) {
            for (let n = 0; n < 500; n += 1)
              add({ text: `第${page}页第${n}行 ${crypto.randomBytes(32).toString('hex')}` });
            pages += 1;
            await drained();
          }
        },
      },
    ]);
    await new Promise((r) => setTimeout(r, 500));
    stream.destroy();
    const at = pages;
    await new Promise((r) => setTimeout(r, 500));
    expect(pages).toBe(at);
    expect(pages).toBeLessThan(1000);
  });
});
