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
/** A merged range: the library makes a cell of every one it covers (A1:XFD1048576 in one tag). */
const MERGE = /<(?:\w+:)?mergeCell\s[^>]*?ref\s*=\s*["']([^"']*)["']/g;
/**
 * What a list needs none of, which the library would otherwise build whole: a data validation
 * (a drop-down over a whole column, as HR templates have) is expanded to every cell it covers.
 */
const IGNORED = [
  'dataValidations',
  'conditionalFormatting',
  'hyperlinks',
  'drawing',
  'picture',
  'tableParts',
  'extLst',
];

const columnNumber = (letters) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

/** The cells a part's merged ranges cover; a range it cannot read counts as too many (the library reads $A$1, spaces…). */
function mergedCells(xml) {
  let cells = 0;
  for (const [, ref] of xml.matchAll(MERGE)) {
    const range = /^([A-Z]{1,3})(\d+)(?::([A-Z]{1,3})(\d+))?$/i.exec(ref.replace(/[\s$]/g, ''));
    if (!range) return Infinity;
    const [, c1, r1, c2 = c1, r2 = r1] = range;
    cells +=
      (Math.abs(columnNumber(c2.toUpperCase()) - columnNumber(c1.toUpperCase())) + 1) *
      (Math.abs(Number(r2) - Number(r1)) + 1);
  }
  return cells;
}

/** Whether a directory entry carries a name of its own besides its name (Info-ZIP's Unicode path, 0x7075), which the library reads instead. */
function renamed(data, at) {
  const nameLength = data.readUInt16LE(at + 28);
  const end = at + 46 + nameLength + data.readUInt16LE(at + 30);
  for (let p = at + 46 + nameLength; p + 4 <= end && p + 4 <= data.length; p += 4 + data.readUInt16LE(p + 2)) {
    if (data.readUInt16LE(p) === 0x7075) return true;
  }
  return false;
}

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
  const names = new Set();
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
    // a part named twice, or named again inside its entry: which one the library takes is its
    // choice, not what was checked
    if (names.has(name) || renamed(data, at)) return 'unreadable';
    names.add(name);
    if (name !== 'xl/calcChain.xml') {
      const xml = unpacked.toString('latin1');
      cells += (xml.match(CELL)?.length ?? 0) + mergedCells(xml);
      if (cells > MAX_CELLS) return 'too-many-cells';
    }
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  // the library reads directory entries for as long as they come, not as many as the end
  // record declares: one more after the declared ones would be read unchecked
  if (at + 4 <= data.length && data.readUInt32LE(at) === 0x02014b50) return 'unreadable';
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
    await workbook.xlsx.load(data, { ignoreNodes: IGNORED });
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
