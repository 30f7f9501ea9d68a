import type { PaginationProps, TablePaginationConfig } from 'antd';
import { cloneElement, isValidElement, useState, type ReactElement } from 'react';
import type { TFunction } from '../../../lib/i18n';

const named = {
  prev: 'pager.previous',
  next: 'pager.next',
  'jump-prev': 'pager.previousFive',
  'jump-next': 'pager.nextFive',
} as const;

/**
 * A console table's pager: one page size (or, given `onSizeChange`, the manager's choice of
 * 10–100 — a new size starts at page 1), and its arrows named in the page's language (antd's
 * buttons are named by their icons, in English: "left", "right", "double-left").
 * Server-paged tables pass the page they asked for and the total the answer gave.
 */
export function tablePager(
  t: TFunction,
  options: {
    pageSize: number;
    current?: number;
    total?: number;
    onChange?: (page: number) => void;
    onSizeChange?: (size: number) => void;
  },
): TablePaginationConfig {
  const { pageSize, current, total, onChange, onSizeChange } = options;
  return {
    pageSize,
    // how many there are in all, as a manager counting his people wants to see
    showTotal: (count: number) => t('pager.total', { count }),
    showSizeChanger: onSizeChange !== undefined,
    ...(onSizeChange ? { pageSizeOptions: PAGE_SIZES } : {}),
    ...(current === undefined
      ? {}
      : {
          current,
          total: total ?? 0,
          onChange: (page: number, size: number) => {
            if (onSizeChange && size !== pageSize) {
              onSizeChange(size);
              onChange?.(1);
            } else onChange?.(page);
          },
        }),
    itemRender: namedPagerItems(t),
  };
}

/** The page sizes a manager may choose (the API's most is 100). */
export const PAGE_SIZES = [10, 20, 50, 100];

/** antd's itemRender that names a pager's arrows and five-page jumps (for a bare Pagination too). */
export function namedPagerItems(t: TFunction): PaginationProps['itemRender'] {
  return (_page, type, element) =>
    type in named && isValidElement(element)
      ? cloneElement(element as ReactElement<{ 'aria-label'?: string }>, {
          'aria-label': t(named[type as keyof typeof named]),
        })
      : element;
}

/**
 * A server-paged table whose manager chooses the page size: the page and size to ask for, and
 * the pager for the answer's total (a new size starts at page 1). `setCurrent(1)` after a new
 * filter. The chosen size is kept in this browser under the table's `name`, so a reload or the
 * next visit shows as many rows as he chose.
 */
export function useSizedPager(t: TFunction, name: string, initialSize: number) {
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(() => savedSize(name) ?? initialSize);
  const chooseSize = (next: number) => {
    setSize(next);
    try {
      localStorage.setItem(sizeKey(name), String(next));
    } catch {
      // storage refused (private mode, full): the size holds for this visit only
    }
  };
  const pagination = (total: number | undefined) =>
    tablePager(t, { pageSize: size, current, total, onChange: setCurrent, onSizeChange: chooseSize });
  return { current, size, setCurrent, pagination };
}

const sizeKey = (name: string) => `anxun-page-size:${name}`;

function savedSize(name: string): number | undefined {
  try {
    const saved = Number(localStorage.getItem(sizeKey(name)));
    return PAGE_SIZES.includes(saved) ? saved : undefined;
  } catch {
    return undefined;
  }
}
