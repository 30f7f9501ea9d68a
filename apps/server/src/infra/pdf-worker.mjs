// Counts a PDF's pages with pdf.js in a worker thread (infra/pdf.ts pdfPageCount), under a heap
// limit: a 350 KB file whose cross-reference table claims 120 million entries made pdf.js build
// an object for each on the server's own thread — every request waited, then the process died
// out of memory, and again at each restart while its job was retried.
import fsp from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';

async function pageCount(file) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // the file's own bytes, not a copy (uploads cap documents at 200 MB)
  const bytes = await fsp.readFile(file);
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
