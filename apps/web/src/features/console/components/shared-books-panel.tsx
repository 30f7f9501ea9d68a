import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { consoleKeys, setSharedBookAdded, useSharedBooks, type SharedBook } from '../api/console-api';
import { tablePager } from './table-pager';

/** 平台课程: the platform's shared books, each added to this organisation's catalogue or not. */
export function SharedBooksPanel() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [current, setCurrent] = useState(1);
  const books = useSharedBooks({ current });
  const toggle = (b: SharedBook, added: boolean) =>
    setSharedBookAdded(b.courseBookId, added)
      .then(() => {
        notifySuccess(t('console.saved'));
        void client.invalidateQueries({ queryKey: consoleKeys.all });
      })
      .catch(() => undefined);

  return (
    <>
      <p className="console-hint">{t('console.books.sharedHint')}</p>
      <Table<SharedBook>
        rowKey="courseBookId"
        size="small"
        loading={books.isPending}
        dataSource={books.data?.records ?? []}
        scroll={{ x: 760 }}
        locale={{ emptyText: t('console.books.noShared') }}
        data-testid="shared-book-table"
        pagination={tablePager(t, { pageSize: 20, current, total: books.data?.total, onChange: setCurrent })}
        columns={[
          {
            title: t('console.books.name'),
            dataIndex: 'name',
            width: 220,
            render: (name: string, b) => (
              <span className="book-name">
                {b.coverUrl && <img className="book-cover" src={b.coverUrl} alt="" />}
                {name}
              </span>
            ),
          },
          { title: t('console.books.category'), dataIndex: 'category', width: 100, render: (v: string) => v || '—' },
          { title: t('console.requiredHours'), dataIndex: 'classHours', width: 70 },
          { title: t('console.books.units'), dataIndex: 'unitCount', width: 70 },
          { title: t('console.books.questions'), dataIndex: 'questionCount', width: 70 },
          { title: t('console.books.classes'), dataIndex: 'classCount', width: 70 },
          {
            title: t('console.statusTitle'),
            dataIndex: 'added',
            width: 80,
            render: (added: boolean) =>
              added ? <Tag color="success">{t('console.books.added')}</Tag> : <Tag>{t('console.books.notAdded')}</Tag>,
          },
          {
            title: t('console.actions'),
            key: 'actions',
            width: 110,
            fixed: 'right',
            render: (_: unknown, b: SharedBook) =>
              b.added ? (
                <Popconfirm title={t('console.books.removeConfirm')} onConfirm={() => toggle(b, false)}>
                  <Button type="link" size="small" danger data-testid="shared-book-remove">
                    {t('console.books.remove')}
                  </Button>
                </Popconfirm>
              ) : (
                <Button type="link" size="small" onClick={() => void toggle(b, true)} data-testid="shared-book-add">
                  {t('console.books.add')}
                </Button>
              ),
          },
        ]}
      />
    </>
  );
}
