// Counts a PDF's pages with pdf.js in a worker thread (infra/pdf.ts pdfPageCount), under a heap
// limit: a 350 KB file whose cross-reference table claims 120 million entries made pdf.js build
// an object for each on the server's own thread — every request waited, then the process died
// out of memory, and again at each restart while its job was retried.
import fsp from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';

/** What one compressed stream, and all of them, may unpack to (a 200 MB manual's take far less). */
const MAX_STREAM_BYTES = 256 * 1024 * 1024;
const MAX_TOTAL_BYTES = 1024 * 1024 * 1024;

/**
 * Whether the document's deflated streams unpack past the budget. pdf.js decodes a stream into
 * one buffer that doubles as it grows, outside the worker's heap limit (a few MB of zeros
 * claiming one cross-reference entry per megabyte would take gigabytes of the server's memory):
 * each stream is inflated here first, zlib stopping at the cap. A stream that is not zlib data
 * (a JPEG) is pdf.js's to judge.
 */
function unpacksTooFar(bytes) {
  let total = 0;
  for (let at = bytes.indexOf('stream'); at !== -1; at = bytes.indexOf('stream', at + 6)) {
    if (at >= 3 && bytes.toString('latin1', at - 3, at) === 'end') continue;
    let start = at + 6;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] !== 0x0a) continue;
    start++;
    const end = bytes.indexOf('endstream', start);
    if (end === -1) break;
    try {
      total += zlib.inflateSync(bytes.subarray(start, end), {
        maxOutputLength: MAX_STREAM_BYTES,
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
      }).length;
    } catch (err) {
      if (err instanceof RangeError || err?.code === 'ERR_BUFFER_TOO_LARGE') return true;
    }
    if (total > MAX_TOTAL_BYTES) return true;
    at = end;
  }
  return false;
}

async function pageCount(file) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // the file's own bytes, not a copy (uploads cap documents at 200 MB)
  const bytes = await fsp.readFile(file);
  if (unpacksTooFar(bytes)) return null;
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const task = pdfjs.getDocument({ data, useSystemFonts: false, isEvalSupported: false, stopAtErrors: true });
  try {
    const doc = await task.promise;
    return doc.numPages;
  } catch {
    return null;
  } finally {
    await task.destroy();
  }
}

parentPort.postMessage(await pageCount(workerData.file));
