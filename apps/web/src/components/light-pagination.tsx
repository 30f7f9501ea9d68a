import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { Button } from 'antd';
import { useTranslation } from '../lib/i18n';
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
 * A pager for public pages (首页): antd's Pagination brings its page-size Select (~28 KB on
 * the wire) into a guest's first visit; these pages never change the page size.
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
      <Button
        size="small"
        type="text"
        icon={<LeftOutlined />}
        disabled={current <= 1}
        aria-label={t('pager.previous')}
        onClick={() => onChange(current - 1)}
      />
      {pageItems(current, pages).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} className="light-pagination-gap">
            …
          </span>
        ) : (
          <Button
            key={p}
            size="small"
            type={p === current ? 'primary' : 'text'}
            ghost={p === current}
            aria-current={p === current ? 'page' : undefined}
            onClick={() => onChange(p)}
          >
            {p}
          </Button>
        ),
      )}
      <Button
        size="small"
        type="text"
        icon={<RightOutlined />}
        disabled={current >= pages}
        aria-label={t('pager.next')}
        onClick={() => onChange(current + 1)}
      />
    </nav>
  );
}
