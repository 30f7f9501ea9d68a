import { Button, Modal, Table } from 'antd';
import { useTranslation } from '../lib/i18n';
import { useErrorLog } from '../stores/error-log-store';

/** The captured errors in a table (loaded when the badge is first clicked). */
export default function ErrorLogDialog({ open, setOpen }: { open: boolean; setOpen(open: boolean): void }) {
  const { t } = useTranslation();
  const errors = useErrorLog((s) => s.errors);
  const clear = useErrorLog((s) => s.clear);
  return (
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
  );
}
