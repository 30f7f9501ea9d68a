import fsp from 'node:fs/promises';

/**
 * What a PDF holds, read with pdf.js (the same library the player renders it with): its
 * page count, or undefined when the file is not a PDF pdf.js can open (damaged, encrypted).
 */
export async function pdfPageCount(file: string): Promise<number | undefined> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // the file's own bytes, not a copy (uploads cap documents at 200 MB)
  const bytes = await fsp.readFile(file);
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const task = pdfjs.getDocument({ data, useSystemFonts: false, isEvalSupported: false, stopAtErrors: true });
  try {
    const doc = await task.promise;
    return doc.numPages;
  } catch {
    return undefined;
  } finally {
    await task.destroy();
  }
}
