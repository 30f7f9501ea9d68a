import { LeftOutlined, ReadOutlined, RightOutlined } from '@ant-design/icons';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { drawPdfPage, loadPdf } from '../../../lib/pdfjs';
import { useElementWidth } from '../../../lib/use-element-width';
import '../../../components/plain-controls.css';
import type { StudyMedia } from './study-media';

/** How often the reading clock ticks. */
const TICK_MS = 250;

interface Props {
  ref: Ref<StudyMedia | null>;
  url: string;
  pageCount: number;
  secondsPerPage: number;
  /** furthest point read with credit, seconds of the reading timeline */
  furthest(): number;
  onLoaded(): void;
  onPlay(): void;
  onPause(): void;
  onEnded(): void;
}

/**
 * A PDF unit (issue: Console II, document units), rendered page by page with pdf.js (this
 * module is its own chunk, loaded only for documents). To the player it is a media element
 * on a reading timeline of pages × secondsPerPage: while it "plays" its clock runs on the
 * page shown, up to that page's share; the next page opens once the page was shown for its
 * minimum. Earlier pages can be read again (no credit: no new ground), later ones cannot be
 * reached before. The server credits it by the same rules as a video.
 */
export default function PdfReader({
  ref,
  url,
  pageCount,
  secondsPerPage,
  furthest,
  onLoaded,
  onPlay,
  onPause,
  onEnded,
}: Props) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const frameWidth = useElementWidth(frame);
  const [doc, setDoc] = useState<PDFDocumentProxy>();
  const [failed, setFailed] = useState(false);
  const clock = useRef({ time: 0, paused: true, ended: false });
  const [page, setPage] = useState(1);
  const [time, setTime] = useState(0);
  const latest = useRef({ onPlay, onPause, onEnded, onLoaded, furthest });
  latest.current = { onPlay, onPause, onEnded, onLoaded, furthest };
  const duration = pageCount * secondsPerPage;
  const pageOf = (seconds: number) => Math.min(pageCount, Math.floor(seconds / secondsPerPage + 1e-6) + 1);

  const seek = (seconds: number) => {
    const c = clock.current;
    c.time = Math.max(0, Math.min(duration, seconds));
    c.ended = c.time >= duration;
    setTime(c.time);
    setPage(pageOf(Math.min(c.time, duration - 0.001)));
  };

  // the media element the player drives
  const handle = useRef<StudyMedia | null>(null);
  useImperativeHandle(
    ref,
    () =>
      (handle.current = {
        get currentTime() {
          return clock.current.time;
        },
        set currentTime(seconds: number) {
          seek(seconds);
        },
        get paused() {
          return clock.current.paused;
        },
        get ended() {
          return clock.current.ended;
        },
        playbackRate: 1,
        async play() {
          const c = clock.current;
          if (!c.paused) return;
          if (c.ended) seek(0);
          c.paused = false;
          latest.current.onPlay();
        },
        pause() {
          const c = clock.current;
          if (c.paused) return;
          c.paused = true;
          latest.current.onPause();
        },
      }),
    [duration],
  );

  // pdf.js, its worker and its character maps, loaded for the first document only
  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | undefined;
    void (async () => {
      try {
        loaded = await loadPdf(url);
        if (cancelled) return;
        setDoc(loaded);
        latest.current.onLoaded();
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [url]);

  // the page shown, drawn to the width of the reader, and again when that changes (a phone
  // turned, a window widened: drawn once for a narrower reader, the page stayed small or blurred)
  useEffect(() => {
    const target = canvas.current;
    if (!doc || !target) return;
    return drawPdfPage(doc, page, target, frameWidth);
  }, [doc, page, frameWidth]);

  // the reading clock: runs while playing and the page's share is not yet read
  useEffect(() => {
    const timer = setInterval(() => {
      const c = clock.current;
      if (c.paused || c.ended) return;
      const shown = pageOf(Math.min(c.time, duration - 0.001));
      const pageEnd = shown * secondsPerPage;
      if (c.time >= pageEnd) return;
      c.time = Math.min(pageEnd, c.time + TICK_MS / 1000);
      setTime(c.time);
      if (c.time >= duration) {
        c.ended = true;
        c.paused = true;
        latest.current.onEnded();
      }
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [duration, secondsPerPage]);

  const pageEnd = page * secondsPerPage;
  const readThisPage = time >= pageEnd - 0.01;
  // the next page opens when this one was read now or before (the furthest point credited)
  const canNext = page < pageCount && (readThisPage || latest.current.furthest() >= pageEnd - 0.5);
  const left = Math.max(0, Math.ceil(pageEnd - time));
  const go = (to: number) => {
    const target = Math.max(1, Math.min(pageCount, to));
    // a page read before opens at its start; the frontier page where reading stopped
    const start = (target - 1) * secondsPerPage;
    const f = latest.current.furthest();
    seek(target === pageOf(f) && f > start ? f : start);
    if (clock.current.paused && !clock.current.ended) void handle.current?.play();
  };

  if (failed) return <div className="pdf-reader pdf-failed">{t('study.pdfFailed')}</div>;
  return (
    <div className="pdf-reader" data-testid="pdf-reader">
      <div className="pdf-page" ref={frame}>
        {/* a live region says its words, not its label */}
        {!doc && (
          <span className="pdf-loading" role="status">
            <span className="visually-hidden">{t('common.loading')}</span>
          </span>
        )}
        <canvas ref={canvas} data-testid="pdf-canvas" />
        {doc && clock.current.paused && !clock.current.ended && (
          <button
            type="button"
            className="plain-btn primary pdf-start"
            onClick={() => void handle.current?.play()}
            data-testid="pdf-start"
          >
            <ReadOutlined /> {t('study.readOn')}
          </button>
        )}
      </div>
      <div className="pdf-bar">
        <button
          type="button"
          className="plain-btn pdf-turn"
          disabled={page <= 1}
          onClick={() => go(page - 1)}
          aria-label={t('study.prevPage')}
        >
          <LeftOutlined />
        </button>
        <span data-testid="pdf-page">
          {page} / {pageCount}
        </span>
        <button
          type="button"
          className="plain-btn pdf-turn"
          disabled={!canNext}
          onClick={() => go(page + 1)}
          aria-label={t('study.nextPage')}
          data-testid="pdf-next"
        >
          <RightOutlined />
        </button>
        <span className="pdf-left">
          {page === pageCount && clock.current.ended
            ? t('study.pdfDone')
            : readThisPage || latest.current.furthest() >= pageEnd - 0.5
              ? t('study.pageRead')
              : t('study.pageLeft', { seconds: left })}
        </span>
      </div>
    </div>
  );
}
