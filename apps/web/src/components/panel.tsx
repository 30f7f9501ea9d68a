import type { KeyboardEvent, ReactNode } from 'react';
import './panel.css';

/**
 * A card's frame for public pages (首页): antd's Card brings its Tabs (~10 KB on the wire)
 * into a guest's first visit for a tab strip these pages never show. Looks as a Card does.
 * With `onClick` the whole panel is a link a keyboard reaches and opens with Enter.
 */
export function Panel({
  title,
  size,
  className,
  onClick,
  label,
  children,
  'data-testid': testId,
}: {
  title?: ReactNode;
  size?: 'small';
  className?: string;
  onClick?: () => void;
  /** what a screen reader calls the panel when it is a link (else all its text) */
  label?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const classes = ['panel', size === 'small' && 'panel-small', onClick && 'panel-link', className]
    .filter(Boolean)
    .join(' ');
  const open = onClick
    ? {
        role: 'link',
        tabIndex: 0,
        'aria-label': label,
        onClick,
        onKeyDown: (e: KeyboardEvent) => {
          if (e.key === 'Enter' && e.target === e.currentTarget) onClick();
        },
      }
    : {};
  return (
    <div className={classes} data-testid={testId} {...open}>
      {title !== undefined && <div className="panel-head">{title}</div>}
      <div className="panel-body">{children}</div>
    </div>
  );
}
