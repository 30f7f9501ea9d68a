import BugOutlined from '@ant-design/icons/BugOutlined';
import { Badge, Button, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../lib/i18n';
import { useErrorLog } from '../stores/error-log-store';

/** 'exception capture' (spec §2/§8): captured client errors, shown only when there are some. */
export function ErrorLogWidget() {
  const { t } = useTranslation();
  const errors = useErrorLog((s) => s.errors);
  const clear = useErrorLog((s) => s.clear);
  const [open, setOpen] = useState(false);
  if (errors.length === 0) return null;
  return (
    <>
      <button type="button" className="header-widget" aria-label="exception capture" onClick={() => setOpen(true)}>
        <Badge count={errors.length} size="small">
          <BugOutlined style={{ color: 'var(--header-text)', fontSize: 16 }} />
        </Badge>
      </button>
      <Modal
        open={open}
        title="exception capture"
        width="70%"
        onCancel={() => setOpen(false)}
        footer={
          <Button
            onClick={() => {
              clear();
              setOpen(false);
            }}
          >
            暂不显示
          </Button>
        }
      >
        <Table
          rowKey={(e) => `${e.time}-${e.message}`}
          size="small"
          pagination={false}
          dataSource={errors}
          columns={[
            { title: t('errorLog.url'), dataIndex: 'url', width: 140 },
            {
              title: t('errorLog.message'),
              dataIndex: 'message',
              render: (message: string) => (
                <a href={`https://www.baidu.com/s?wd=${encodeURIComponent(message)}`} target="_blank" rel="noreferrer">
                  {message}
                </a>
              ),
            },
            {
              title: t('errorLog.stack'),
              dataIndex: 'stack',
              render: (s: string) => <pre className="error-stack">{s}</pre>,
            },
          ]}
        />
      </Modal>
    </>
  );
}
