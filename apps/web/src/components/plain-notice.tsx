import type { ReactNode } from 'react';
import './plain-controls.css';

const MARK = { success: '✓', warning: '!', error: '✕', unknown: '?', info: 'i' } as const;

/**
 * A verdict or a warning drawn like antd's Alert (its colours and round mark), for the pages
 * drawn without antd's code: the pages a phone opens first from a QR code (the certificate
 * check, the phone's face photo) and 我的学习. `action` sits at the right (a button).
 */
export function PlainNotice({
  tone,
  title,
  children,
  action,
  testId,
  className,
}: {
  tone: keyof typeof MARK;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  testId?: string;
  className?: string;
}) {
  const colour = tone === 'unknown' ? 'warning' : tone;
  return (
    <div className={`plain-notice ${colour}${className ? ` ${className}` : ''}`} role="status" data-testid={testId}>
      <span className="plain-notice-mark" aria-hidden="true">
        {MARK[tone]}
      </span>
      <div className="plain-notice-main">
        <strong>{title}</strong>
        {children && <div className="plain-notice-body">{children}</div>}
      </div>
      {action && <div className="plain-notice-action">{action}</div>}
    </div>
  );
}
