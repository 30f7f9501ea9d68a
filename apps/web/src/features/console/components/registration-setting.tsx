import { useQueryClient } from '@tanstack/react-query';
import { Badge, Select, Space } from 'antd';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { consoleKeys, setRegistrationMode, useRegistrationSettings } from '../api/console-api';

/** 注册方式: open registration or approval, with the number of registrations waiting. */
export function RegistrationSetting({ onShowPending }: { onShowPending: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const settings = useRegistrationSettings();
  if (!settings.data) return null;
  return (
    <Space size={4} data-testid="registration-setting">
      <span>{t('console.registration.title')}</span>
      <Select
        size="small"
        style={{ width: 130 }}
        value={settings.data.mode}
        onChange={(mode) =>
          void setRegistrationMode(mode).then(() => {
            notifySuccess(t('console.saved'));
            void client.invalidateQueries({ queryKey: consoleKeys.registration });
          })
        }
        options={(['open', 'approval'] as const).map((m) => ({ value: m, label: t(`console.registration.${m}`) }))}
        aria-label={t('console.registration.title')}
        data-testid="registration-mode"
      />
      {settings.data.pendingCount > 0 && (
        <a onClick={onShowPending} data-testid="pending-registrations">
          <Badge count={settings.data.pendingCount} size="small" offset={[8, 0]}>
            {t('console.registration.pending')}
          </Badge>
        </a>
      )}
    </Space>
  );
}
