import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { setNotifier } from '../lib/notify';
import './toasts.css';

type Tone = 'success' | 'error';

interface Toast {
  id: number;
  tone: Tone;
  text: string;
  seconds: number;
  /** counts the times the same words were raised again while shown: each starts its time anew */
  again: number;
}

let nextId = 1;

/**
 * The toasts (the API client's errors, a form's "saved"), drawn like antd's message at the
 * top of the page, in plain markup: the first toast of a page (a wrong password at login) no
 * longer brings antd's code and styles to a phone. The same words raised again while shown
 * start their time anew instead of stacking; a pointer resting on a toast keeps it.
 *
 * The list is a manual popover, shown again with each new toast, so that a toast raised
 * while a modal <dialog> is open (the face check's) is drawn above it, not under its
 * backdrop; a browser without popovers draws it fixed over the page, as before. While a modal
 * dialog is open the list lives inside it: outside, it would be inert like the rest of the
 * page (not read out by a screen reader, not reached by the pointer that keeps it).
 */
export function ToastHost() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [modal, setModal] = useState<HTMLDialogElement | null>(null);
  const ref = useRef<HTMLDivElement>(null);

  // a dialog opened or closed (its `open` attribute), or taken out of the page: the list
  // follows the modal one on top, or returns to the page
  useEffect(() => {
    if (typeof MutationObserver === 'undefined') return;
    const follow = () => setModal(topModal());
    const opened = new MutationObserver(follow);
    opened.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ['open'] });
    const removed = new MutationObserver(() => {
      if (modal && !modal.isConnected) follow();
    });
    if (modal) removed.observe(document.body, { subtree: true, childList: true });
    return () => {
      opened.disconnect();
      removed.disconnect();
    };
  }, [modal]);

  useEffect(() => {
    const raise = (tone: Tone, text: string, seconds: number) => {
      setModal(topModal());
      setToasts((shown) => {
        const same = shown.find((t) => t.tone === tone && t.text === text);
        if (same) return shown.map((t) => (t === same ? { ...t, again: t.again + 1 } : t));
        return [...shown, { id: nextId++, tone, text, seconds, again: 0 }];
      });
    };
    setNotifier({
      error: (text, seconds) => raise('error', text, seconds),
      success: (text, seconds) => raise('success', text, seconds),
      clear: () => setToasts([]),
    });
    return () => setNotifier(undefined);
  }, []);

  const newest = toasts.at(-1);
  useLayoutEffect(() => {
    const list = ref.current;
    if (!list || typeof list.showPopover !== 'function') return;
    if (list.matches(':popover-open')) list.hidePopover();
    // on top of whatever entered the top layer since (a dialog opened after the last toast)
    if (newest) list.showPopover();
  }, [newest?.id, newest?.again, modal]);

  const remove = (id: number) => setToasts((shown) => shown.filter((t) => t.id !== id));
  const list = (
    <div ref={ref} className="toasts" popover="manual" data-testid="toasts">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDone={() => remove(toast.id)} />
      ))}
    </div>
  );
  return modal ? createPortal(list, modal) : list;
}

/** The modal <dialog> open on top, if any (the last opened is the last in the page, as ours are). */
function topModal(): HTMLDialogElement | null {
  let open: NodeListOf<HTMLDialogElement>;
  try {
    open = document.querySelectorAll<HTMLDialogElement>('dialog:modal');
  } catch {
    // a browser without :modal has no inert page behind its dialogs either
    return null;
  }
  return open[open.length - 1] ?? null;
}

function ToastItem({ toast, onDone }: { toast: Toast; onDone(): void }) {
  const [resting, setResting] = useState(false);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (resting || toast.seconds <= 0) return;
    const timer = setTimeout(() => done.current(), toast.seconds * 1000);
    return () => clearTimeout(timer);
  }, [resting, toast.seconds, toast.again]);
  return (
    <div
      className={`toast ${toast.tone}`}
      // an error interrupts a screen reader; a success waits for it to finish
      role={toast.tone === 'error' ? 'alert' : 'status'}
      onPointerEnter={() => setResting(true)}
      onPointerLeave={() => setResting(false)}
    >
      {/* drawn, not a character: a ✓ took whatever font it was inherited from (a dialog's differs) */}
      <span className="toast-mark" aria-hidden="true">
        <svg viewBox="0 0 16 16" width="16" height="16">
          <path d={toast.tone === 'error' ? 'M5.5 5.5l5 5m0-5l-5 5' : 'M4.5 8.3l2.4 2.4 4.6-4.8'} />
        </svg>
      </span>
      {/* put in anew when the same words are raised again, so a screen reader says them again */}
      <span key={toast.again}>{toast.text}</span>
    </div>
  );
}
