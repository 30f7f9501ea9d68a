import { useEffect, useId, useRef, type ReactNode } from 'react';
import './plain-controls.css';

/**
 * A modal question drawn like antd's Modal, for the pages drawn without antd: the browser's
 * own `<dialog>`, so focus stays inside and the page behind is inert. Escape closes it
 * (`onClose`), as it does antd's. A control marked `data-autofocus` takes the focus as it
 * opens (antd's confirm focuses its OK button).
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
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // the browser focuses the first control (often 取消); a dialog may name its own
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`plain-dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={onClose}
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
