import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { headerColumns, readSheet } from './xlsx.js';

/** A zip of one deflated part, whose directory may claim a size other than the real one. */
function zipOf(name: string, content: Buffer, claimedSize = content.length): Buffer {
  const packed = zlib.deflateRawSync(content);
  const file = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(claimedSize, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(claimedSize, 24);
  central.writeUInt16LE(file.length, 28);
  central.writeUInt32LE(0, 42);
  const body = Buffer.concat([local, file, packed]);
  const directory = Buffer.concat([central, file]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(body.length, 16);
  return Buffer.concat([body, directory, end]);
}

describe('reading an uploaded .xlsx', () => {
  it('reads an honest workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('名单').addRow(['姓名', '身份证号']);
    const sheet = workbook.getWorksheet('名单')!;
    sheet.addRow([' 张三 ', 11010519491231002]);
    sheet.addRow([]);
    sheet.addRow([{ richText: [{ text: '李' }, { text: '四' }] }, { formula: 'A1', result: '110105194912310021' }]);
    const rows = await readSheet(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows.map((r) => r.number)).toEqual([1, 2, 4]);
    const columns = headerColumns(rows, ['姓名', '身份证号']);
    expect([...columns]).toEqual([
      ['姓名', 1],
      ['身份证号', 2],
    ]);
    // as the person typed it: trimmed, rich text joined, a formula by its result
    expect(rows.map((r) => [r.text(1), r.text(2), r.isNumber(2)])).toEqual([
      ['姓名', '身份证号', false],
      ['张三', '11010519491231002', true],
      ['李四', '110105194912310021', false],
    ]);
    expect(rows[1]!.text(9)).toBe('');
  });

  it('refuses a small file that unpacks to far more than a sheet, even when it lies about its size', async () => {
    const bomb = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(200 * 1024 * 1024, 0x20), 1000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(readSheet(bomb)).rejects.toThrow('表格内容过大');
  });

  it('reads the largest sheet an import takes: 10,000 rows of 30 columns (an HR roster with extra columns)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('名单');
    for (let r = 0; r < 10_001; r++) {
      sheet.addRow(Array.from({ length: 30 }, (_, c) => (c < 12 ? `第${r}行第${c}列` : r * 100 + c)));
    }
    const read = await readSheet(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(read).toHaveLength(10_001);
    expect(read[10_000]!.text(12)).toBe('第10000行第11列');
    expect(read[10_000]!.text(30)).toBe('1000029');
  }, 60_000);

  it('refuses a small file of a million tiny cells before parsing them (it held the server for seconds)', async () => {
    const row = `<row>${'<c><v>1</v></c>'.repeat(1000)}</row>`;
    const xml = Buffer.from(`<worksheet><sheetData>${row.repeat(1000)}</sheetData></worksheet>`);
    const upload = zipOf('xl/worksheets/sheet1.xml', xml);
    expect(upload.length).toBeLessThan(200 * 1024);
    await expect(readSheet(upload)).rejects.toThrow('表格单元格过多');
  });

  it('counts the cells of a worksheet filed under another folder, which the library reads all the same', async () => {
    const row = `<row>${'<c><v>1</v></c>'.repeat(1000)}</row>`;
    const xml = Buffer.from(`<worksheet><sheetData>${row.repeat(400)}</sheetData></worksheet>`);
    await expect(readSheet(zipOf('a/xl/worksheets/sheet1.xml', xml))).rejects.toThrow('表格单元格过多');
    await expect(readSheet(zipOf('xl/worksheets/sheet1.xml/calcChain.xml', xml))).rejects.toThrow('表格单元格过多');
  });

  it('counts the cells a merged range covers: one tag over a whole sheet is refused before the library builds them', async () => {
    const xml = Buffer.from(
      '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>姓名</t></is></c></row></sheetData>' +
        '<mergeCells count="1"><mergeCell ref="H3:XFD1048576"/></mergeCells></worksheet>',
    );
    await expect(readSheet(zipOf('xl/worksheets/sheet1.xml', xml))).rejects.toThrow('表格单元格过多');
    // written as the library also reads it: absolute, quoted otherwise
    const absolute = Buffer.from(xml.toString().replace('ref="H3:XFD1048576"', "ref='$H$3:$XFD$1048576'"));
    await expect(readSheet(zipOf('xl/worksheets/sheet1.xml', absolute))).rejects.toThrow('表格单元格过多');
  });

  it('reads a template whose drop-down covers a whole column (the list needs none of it)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('名单');
    sheet.addRow(['姓名', '性别']);
    sheet.addRow(['张三', '男']);
    // (the library writes a range's validation as one; its types know only a cell's)
    const ranges = sheet as unknown as { dataValidations: { add(range: string, rule: object): void } };
    ranges.dataValidations.add('B2:B1048576', { type: 'list', allowBlank: true, formulae: ['"男,女"'] });
    const rows = await readSheet(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows.map((r) => [r.text(1), r.text(2)])).toEqual([
      ['姓名', '性别'],
      ['张三', '男'],
    ]);
  });

  it('refuses a file whose directory holds more parts than it declares (the one past the count went unchecked)', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('名单').addRow(['姓名', '身份证号']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    file.writeUInt16LE(file.readUInt16LE(end + 8) - 1, end + 8);
    file.writeUInt16LE(file.readUInt16LE(end + 10) - 1, end + 10);
    await expect(readSheet(file)).rejects.toThrow('请上传 .xlsx 格式的表格');
  });

  it("reads HR's names for our columns, ranked, and takes a header cell named like Object's keys as itself", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook
      .addWorksheet('名单')
      .addRow(['员工姓名', 'constructor', '联系电话', '手机号码', '__proto__', '备注', '备注']);
    const rows = await readSheet(Buffer.from(await workbook.xlsx.writeBuffer()));
    const columns = headerColumns(rows, ['姓名', '手机号']);
    expect([...columns]).toEqual([
      ['姓名', 1],
      ['constructor', 2],
      // 手机号码 is the better name for a mobile than 联系电话
      ['手机号', 4],
      ['__proto__', 5],
      // a title nobody reads may come twice
      ['备注', 6],
    ]);
    expect(() => headerColumns(rows, ['姓名', '备注'])).toThrow(
      '表头“备注”出现在不止一列（第F列、第G列），请只保留一列',
    );
  });

  it('refuses a file that is not a zip at all', async () => {
    await expect(readSheet(Buffer.from('姓名,身份证号\n张三,1'))).rejects.toThrow('请上传 .xlsx 格式的表格');
  });
});
