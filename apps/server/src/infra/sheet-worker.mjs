// Checks and reads an uploaded .xlsx's list (the first worksheet with the wanted header) in a worker thread (infra/xlsx.ts
// readSheet): the spreadsheet library parses at ~2 µs a cell, so 10,000 learners of a dozen
// columns took the server's one thread for ~2 s, every organisation's requests and study reports
// waiting. Answers each cell as the text a person typed, and whether it was stored as a number.
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';

/** A cell as the text a person typed: numbers (a phone typed as a number) without ".0", formulas by their result. */
function cellText(value) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('result' in value && value.result !== undefined) return String(value.result).trim();
    if ('text' in value) return String(value.text).trim();
  }
  return String(value).trim();
}

/** What a sheet of 10,000 rows unpacks to is a few MB: far past that is not a learner sheet. */
const MAX_UNPACKED_BYTES = 24 * 1024 * 1024;
/**
 * Cells the worksheets may hold: a header and 10,000 rows of 30 columns, with room to spare
 * (strings are bounded by the bytes). The library parses at ~2 µs a cell: 60 MB of tiny cells
 * packed into a 140 KB upload took 9 s of a core.
 */
const MAX_CELLS = 320_000;
/** A cell's opening tag, with or without a namespace prefix (not <col>, <cfRule>…). */
const CELL = /<(?:\w+:)?c[\s>/]/g;

/**
 * An .xlsx is a zip. A small file can unpack to gigabytes, and the sizes a zip declares about
 * itself can lie, so every part is inflated here first with a hard cap on what it may produce
 * (zlib stops at the cap): a file past the budget, or of too many cells, is refused before the
 * spreadsheet library, which inflates whole parts in memory, ever sees it. Returns the refusal.
 */
function refusal(data) {
  // the end-of-central-directory record, within the last 64 KiB + 22 bytes
  let end = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 65_557); i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return 'unreadable';
  const entries = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  if (entries === 0xffff || at === 0xffffffff) return 'too-big';
  let budget = MAX_UNPACKED_BYTES;
  let cells = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) return 'unreadable';
    const method = data.readUInt16LE(at + 10);
    const packed = data.readUInt32LE(at + 20);
    const local = data.readUInt32LE(at + 42);
    if (packed === 0xffffffff || local === 0xffffffff) return 'too-big';
    if (local + 30 > data.length || data.readUInt32LE(local) !== 0x04034b50) return 'unreadable';
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    if (start + packed > data.length) return 'unreadable';
    const part = data.subarray(start, start + packed);
    let unpacked;
    if (method === 0) unpacked = part;
    else if (method === 8) {
      try {
        unpacked = zlib.inflateRawSync(part, { maxOutputLength: budget + 1 });
      } catch (err) {
        if (err instanceof RangeError || err?.code === 'ERR_BUFFER_TOO_LARGE') return 'too-big';
        return 'unreadable';
      }
    } else return 'unreadable';
    budget -= unpacked.length;
    if (budget < 0) return 'too-big';
    // every part counts, whatever its name: the library reads a worksheet under any folder
    // ("a/xl/worksheets/sheet1.xml", "…/sheet1.xml/calcChain.xml" too); of the others only
    // the calculation chain, at its one place, names cells (one per formula)
    const name = data.toString('latin1', at + 46, at + 46 + data.readUInt16LE(at + 28));
    if (name !== 'xl/calcChain.xml') {
      cells += unpacked.toString('latin1').match(CELL)?.length ?? 0;
      if (cells > MAX_CELLS) return 'too-many-cells';
    }
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return undefined;
}

/** A header title as compared: spaces and the "required" star dropped, HR's names for ours read as ours (infra/xlsx.ts headerColumns). */
const title = (value) => {
  const text = cellText(value).replace(/\s|\*/g, '');
  const aliases = workerData.aliases ?? {};
  return Object.hasOwn(aliases, text) ? aliases[text] : text;
};

/**
 * The sheet to read: the first whose header row holds every wanted title (or one, with `any`) (a workbook may open on
 * a sheet of notes before the list), else the first one.
 */
function sheetOf(workbook, wanted, any) {
  const sheets = workbook.worksheets.filter((s) => s.state !== 'hidden' && s.state !== 'veryHidden');
  const holds = (sheet) => {
    const titles = new Set();
    sheet.getRow(1).eachCell({ includeEmpty: false }, (cell) => titles.add(title(cell.value)));
    return any ? wanted.some((w) => titles.has(w)) : wanted.every((w) => titles.has(w));
  };
  return (wanted.length > 0 && sheets.find(holds)) || sheets[0] || workbook.worksheets[0];
}

async function read({ bytes, wanted, any }) {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const refused = refusal(data);
  if (refused) return { error: refused };
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data);
  } catch {
    return { error: 'unreadable' };
  }
  const sheet = sheetOf(workbook, wanted, any);
  if (!sheet) return { error: 'no-sheet' };
  const rows = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells = {};
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      // a header merged over columns is its first cell (the others repeat its value: a 部门
      // merged over two columns read as two 部门 columns); below it a merged cell's value
      // stands in each row it covers (部门 merged down over its people)
      if (number === 1 && cell.master !== cell) return;
      cells[col] = [cellText(cell.value), typeof cell.value === 'number'];
    });
    rows.push({ number, cells });
  });
  return { rows };
}

parentPort.postMessage(await read(workerData));
