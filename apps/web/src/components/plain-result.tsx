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
  level,
}: {
  tone: 'info' | 'success' | 'warning';
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
  className?: string;
  /** its title's heading level: a page of its own (className "page") titles it (h1), else a section (h2) */
  level?: 1 | 2 | 3;
}) {
  const Title = `h${level ?? (className?.split(' ').includes('page') ? 1 : 2)}` as 'h1' | 'h2' | 'h3';
  return (
    <div className={`plain-result ${tone}${className ? ` ${className}` : ''}`} data-testid={testId}>
      <span className="plain-result-mark" aria-hidden="true">
        {MARK[tone]}
      </span>
      <Title className="plain-result-title">{title}</Title>
      {children}
      {actions && <div className="plain-result-actions">{actions}</div>}
    </div>
  );
}
