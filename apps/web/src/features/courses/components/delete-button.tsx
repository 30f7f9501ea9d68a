import { useState } from 'react';
import { PlainDialog } from '../../../components/plain-dialog';
import { useTranslation } from '../../../lib/i18n';

/** 删除, asked first (确定删除吗？): antd's Popconfirm as the browser's own modal <dialog>. */
export function DeleteButton({ onConfirm, testId }: { onConfirm(): void; testId?: string }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className="plain-link" onClick={() => setAsking(true)} data-testid={testId}>
        {t('online.delete')}
      </button>
      <PlainDialog
        open={asking}
        title={t('online.confirmDelete')}
        onClose={() => setAsking(false)}
        footer={
          <>
            {/* the browser focuses the first control: 取消, for what cannot be undone */}
            <button type="button" className="plain-btn small" onClick={() => setAsking(false)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="plain-btn small primary danger"
              onClick={() => {
                setAsking(false);
                onConfirm();
              }}
            >
              {t('common.confirm')}
            </button>
          </>
        }
      >
        {null}
      </PlainDialog>
    </>
  );
}
