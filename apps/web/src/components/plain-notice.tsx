import type { ReactNode } from 'react';
import './plain-controls.css';

const MARK = { success: '✓', warning: '!', error: '✕', unknown: '?' } as const;

/**
 * A verdict or a warning drawn like antd's Alert (its colours and round mark), for the pages
 * a phone opens first from a QR code (the certificate check, the phone's face photo) without
 * antd's code.
 */
export function PlainNotice({
  tone,
  title,
  children,
  testId,
}: {
  tone: keyof typeof MARK;
  title: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`plain-notice ${tone === 'unknown' ? 'warning' : tone}`} role="status" data-testid={testId}>
      <span className="plain-notice-mark" aria-hidden="true">
        {MARK[tone]}
      </span>
      <div>
        <strong>{title}</strong>
        {children && <p>{children}</p>}
      </div>
    </div>
  );
}
