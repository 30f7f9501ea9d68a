import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { PlainDialog } from './plain-dialog';

/**
 * A question asked before something is done (antd's confirm, as the browser's modal
 * <dialog>): 取消 and the action's button. It opens on 取消, so an Enter pressed twice does not
 * do what cannot be undone, unless `focusOk` (a step easily taken back). Either button closes it.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  ok,
  danger,
  focusOk,
  onOk,
  onClose,
  testId,
}: {
  open: boolean;
  /** 温馨提示 unless named (spec §8: the default alert title) */
  title?: ReactNode;
  /** what the question says below its title */
  children?: ReactNode;
  /** the action's button: 确定 unless named */
  ok?: ReactNode;
  danger?: boolean;
  focusOk?: boolean;
  onOk(): void;
  onClose(): void;
  /** the dialog's; its OK button's is `${testId}-ok` */
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <PlainDialog
      open={open}
      title={title ?? t('common.tip')}
      onClose={onClose}
      testId={testId}
      footer={
        <>
          <button type="button" className="plain-btn small" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className={`plain-btn small primary${danger ? ' danger' : ''}`}
            data-testid={testId && `${testId}-ok`}
            data-autofocus={focusOk || undefined}
            onClick={() => {
              onClose();
              onOk();
            }}
          >
            {ok ?? t('common.confirm')}
          </button>
        </>
      }
    >
      {children ?? null}
    </PlainDialog>
  );
}
