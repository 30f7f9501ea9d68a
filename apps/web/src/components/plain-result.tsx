import type { ReactNode } from 'react';
import './plain-controls.css';

const MARK = { success: '✓', warning: '!', info: 'i' } as const;

/**
 * What happens next, drawn like antd's Result (a round mark, a title, a line or two and the
 * buttons), for the pages drawn without antd: 我的学习 in no class yet, a course's last unit
 * in the player, an exam's score.
 */
export function PlainResult({
  tone,
  title,
  children,
  actions,
  testId,
  className,
}: {
  tone: 'info' | 'success' | 'warning';
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <div className={`plain-result ${tone}${className ? ` ${className}` : ''}`} data-testid={testId}>
      <span className="plain-result-mark" aria-hidden="true">
        {MARK[tone]}
      </span>
      <h3>{title}</h3>
      {children}
      {actions && <div className="plain-result-actions">{actions}</div>}
    </div>
  );
}
