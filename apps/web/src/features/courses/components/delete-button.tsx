import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useTranslation } from '../../../lib/i18n';

/**
 * 删除, asked first (确定删除吗？, opening on 取消): antd's Popconfirm as the browser's own modal
 * <dialog>. Confirmed, the focus goes to the tab panel it sits in: the post goes, and with it
 * this button, where the closed dialog put the focus back (it would fall to the page's body).
 */
export function DeleteButton({ onConfirm, testId }: { onConfirm(): void; testId?: string }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // after the dialog's close (a layout effect) has given the focus back to this button
  useEffect(() => {
    if (confirmed) button.current?.closest<HTMLElement>('[role="tabpanel"]')?.focus();
  }, [confirmed]);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="plain-link"
        onClick={() => {
          setConfirmed(false);
          setAsking(true);
        }}
        data-testid={testId}
      >
        {t('online.delete')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('online.confirmDelete')}
        danger
        onOk={() => {
          setConfirmed(true);
          onConfirm();
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
