import { Spin } from 'antd';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { useEffect, useRef, useState } from 'react';
import { loadPdf } from '../lib/pdfjs';

/**
 * The first page of a PDF drawn to the width it is given (pdf.js, loaded on first use) —
 * the same in every browser, where a PDF in a frame depends on a viewer plugin that phones
 * and headless browsers lack.
 */
export default function PdfPage({ data, label, failedText }: { data: ArrayBuffer; label: string; failedText: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | undefined;
    setFailed(false);
    // pdf.js takes the bytes over to its worker: it gets a copy
    loadPdf(data.slice(0)).then(
      (d) => {
        loaded = d;
        if (cancelled) void d.destroy();
        else setDoc(d);
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
    if (!doc) return;
    let cancelled = false;
    void doc.getPage(1).then((page) => {
      const target = canvas.current;
      if (cancelled || !target) return;
      const width = target.parentElement?.clientWidth || 800;
      const scale = (width / page.getViewport({ scale: 1 }).width) * (window.devicePixelRatio || 1);
      const viewport = page.getViewport({ scale });
      target.width = viewport.width;
      target.height = viewport.height;
      void page.render({ canvasContext: target.getContext('2d')!, viewport }).promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
    };
  }, [doc]);
  if (failed) return <div className="pdf-page-view">{failedText}</div>;
  return (
    <div className="pdf-page-view">
      {!doc && <Spin />}
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        style={{ display: 'block', width: '100%', height: 'auto' }}
        data-testid="pdf-page"
      />
    </div>
  );
}
