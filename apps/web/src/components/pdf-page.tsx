import { Spin } from 'antd';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { useEffect, useRef, useState } from 'react';
import { drawPdfPage, loadPdf } from '../lib/pdfjs';
import { useElementWidth } from '../lib/use-element-width';

/**
 * A page of a PDF (its bytes, or its address) drawn to the width it is given, and again when
 * that changes (pdf.js, loaded on first use) — the same in every browser, where a PDF in a
 * frame depends on a viewer plugin that phones and headless browsers lack.
 */
export default function PdfPage({
  data,
  page = 1,
  onPageCount,
  label,
  failedText,
}: {
  data: ArrayBuffer | string;
  /** 1-based */
  page?: number;
  /** told the document's number of pages once it is open */
  onPageCount?(count: number): void;
  label: string;
  failedText: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const width = useElementWidth(frame);
  const [doc, setDoc] = useState<PDFDocumentProxy>();
  const [failed, setFailed] = useState(false);
  const pageCount = useRef(onPageCount);
  pageCount.current = onPageCount;
  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | undefined;
    setFailed(false);
    setDoc(undefined);
    // pdf.js takes the bytes over to its worker: it gets a copy
    loadPdf(typeof data === 'string' ? data : data.slice(0)).then(
      (d) => {
        loaded = d;
        if (cancelled) void d.destroy();
        else {
          setDoc(d);
          pageCount.current?.(d.numPages);
        }
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [data]);
  useEffect(() => {
    const target = canvas.current;
    if (!doc || !target) return;
    return drawPdfPage(doc, Math.min(Math.max(1, page), doc.numPages), target, width);
  }, [doc, page, width]);
  // one frame whatever is shown, so its width is followed after a failed file is replaced
  return (
    <div className="pdf-page-view" ref={frame}>
      {failed ? (
        failedText
      ) : (
        <>
          {!doc && <Spin />}
          <canvas
            ref={canvas}
            role="img"
            aria-label={label}
            style={{ display: 'block', width: '100%', height: 'auto' }}
            data-testid="pdf-page"
          />
        </>
      )}
    </div>
  );
}
