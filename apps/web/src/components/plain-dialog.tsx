import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import './plain-controls.css';

/**
 * A modal question drawn like antd's Modal, for the pages drawn without antd: the browser's
 * own `<dialog>`, so focus stays inside and the page behind is inert. Escape closes it
 * (`onClose`), as it does antd's. A control marked `data-autofocus` takes the focus as it
 * opens (antd's confirm focuses its OK button).
 *
 * A page kept alive and hidden (the layout's keep-alive outlet) closes its open dialog, and
 * opens it again when shown: a modal <dialog> left open in a hidden page would leave the
 * page the learner went to inert. Closing it so does not call `onClose`.
 */
export function PlainDialog({
  open,
  title,
  children,
  footer,
  onClose,
  testId,
  className,
}: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** the buttons; null for none (the dialog's content has its own) */
  footer: ReactNode;
  onClose(): void;
  testId?: string;
  /** a wider dialog, say */
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  /** a close of our own (hidden, unmounted, or `open` turned false), not the learner's */
  const quiet = useRef(false);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    if (!dialog.open) {
      // (a close of our own whose event went nowhere, the page being hidden, is long past)
      quiet.current = false;
      dialog.showModal();
      // the browser focuses the first control (often 取消); a dialog may name its own
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    return () => {
      if (!dialog.open) return;
      quiet.current = true;
      dialog.close();
    };
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`plain-dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={() => {
        if (quiet.current) quiet.current = false;
        else onClose();
      }}
      data-testid={testId}
    >
      <h3 id={titleId}>{title}</h3>
      <div id={bodyId} className="plain-dialog-body">
        {children}
      </div>
      {footer != null && <div className="plain-dialog-footer">{footer}</div>}
    </dialog>
  );
}
