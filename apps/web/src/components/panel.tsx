import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './panel.css';

/**
 * A card's frame for public pages (首页): antd's Card brings its Tabs (~10 KB on the wire)
 * into a guest's first visit for a tab strip these pages never show. Looks as a Card does.
 * With `to` the whole panel is a link (an anchor: a keyboard reaches it, a screen reader lists
 * it among the page's links, a middle click opens it in a new tab).
 */
export function Panel({
  title,
  size,
  className,
  to,
  children,
  'data-testid': testId,
}: {
  title?: ReactNode;
  size?: 'small';
  className?: string;
  /** the route the panel opens, as a link */
  to?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const classes = ['panel', size === 'small' && 'panel-small', to && 'panel-link', className].filter(Boolean).join(' ');
  const body = (
    <>
      {title !== undefined && <div className="panel-head">{title}</div>}
      <div className="panel-body">{children}</div>
    </>
  );
  return to ? (
    <Link to={to} className={classes} data-testid={testId}>
      {body}
    </Link>
  ) : (
    <div className={classes} data-testid={testId}>
      {body}
    </div>
  );
}
