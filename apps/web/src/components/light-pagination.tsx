import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { useTranslation } from '../lib/i18n';
import './plain-controls.css';
import './light-pagination.css';

/** The page numbers to show: the first, the last, and two either side of the current one. */
export function pageItems(current: number, pages: number): Array<number | 'gap'> {
  const shown = new Set([1, pages, current - 2, current - 1, current, current + 1, current + 2]);
  const out: Array<number | 'gap'> = [];
  for (let p = 1; p <= pages; p++) {
    if (!shown.has(p)) continue;
    const last = out[out.length - 1];
    if (typeof last === 'number' && p - last > 1) out.push('gap');
    out.push(p);
  }
  return out;
}

/**
 * A pager for public pages (首页) in plain buttons: antd's Pagination would bring antd (and
 * its page-size Select) into a guest's first visit; these pages never change the page size.
 */
export function LightPagination({
  current,
  pageSize,
  total,
  onChange,
}: {
  current: number;
  pageSize: number;
  total: number;
  onChange(page: number): void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return null;
  return (
    <nav className="light-pagination" aria-label={t('pager.label')}>
      <button
        type="button"
        className="plain-btn small text"
        disabled={current <= 1}
        aria-label={t('pager.previous')}
        onClick={() => onChange(current - 1)}
      >
        <LeftOutlined />
      </button>
      {pageItems(current, pages).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} className="light-pagination-gap">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={`plain-btn small ${p === current ? 'current' : 'text'}`}
            aria-current={p === current ? 'page' : undefined}
            onClick={() => onChange(p)}
          >
            {p}
          </button>
        ),
      )}
      <button
        type="button"
        className="plain-btn small text"
        disabled={current >= pages}
        aria-label={t('pager.next')}
        onClick={() => onChange(current + 1)}
      >
        <RightOutlined />
      </button>
    </nav>
  );
}
