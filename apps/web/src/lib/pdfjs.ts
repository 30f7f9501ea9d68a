import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Opens a PDF with pdf.js; the library, its worker and its character maps load with the first
 * document only (a chunk of their own). `source` is a URL or the file's bytes.
 */
export async function loadPdf(source: string | ArrayBuffer): Promise<PDFDocumentProxy> {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs.getDocument({
    ...(typeof source === 'string' ? { url: source } : { data: new Uint8Array(source) }),
    cMapUrl: '/pdfjs/cmaps/',
    cMapPacked: true,
    standardFontDataUrl: '/pdfjs/standard_fonts/',
    isEvalSupported: false,
  }).promise;
}

/**
 * Draws page `pageNumber` of `doc` on `canvas`, `width` CSS px wide (0, not measured yet: as
 * wide as the canvas's frame) and sharp at the device's pixel ratio. Returns a function that stops the drawing (a newer one for the same canvas must
 * not start while it runs: pdf.js refuses two at once).
 */
export function drawPdfPage(
  doc: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  width: number,
): () => void {
  let task: RenderTask | undefined;
  let cancelled = false;
  void doc.getPage(pageNumber).then(
    (page) => {
      if (cancelled) return;
      const cssWidth = width || canvas.parentElement?.clientWidth || 800;
      const scale = (cssWidth / page.getViewport({ scale: 1 }).width) * (window.devicePixelRatio || 1);
      const viewport = page.getViewport({ scale });
      canvas.width = viewport.width;
      canvas.height = viewport.height;
      task = page.render({ canvasContext: canvas.getContext('2d')!, viewport });
      task.promise.catch(() => undefined);
    },
    () => undefined,
  );
  return () => {
    cancelled = true;
    task?.cancel();
  };
}
