import { useQueryClient } from '@tanstack/react-query';
import { Card, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { setReferenceMode, settingsKeys, useReferenceSettings, type ReferenceSettings } from '../api/settings-api';

/** 本人照片采集: learners take their own reference photo, or only training managers do. */
export function ReferenceModeCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const settings = useReferenceSettings();
  const [saving, setSaving] = useState(false);
  const change = (mode: ReferenceSettings['mode']) => {
    setSaving(true);
    void setReferenceMode(mode)
      .then((answer) => {
        client.setQueryData(settingsKeys.reference, answer);
        notifySuccess(t('console.saved'));
      })
      .catch(() => undefined)
      .finally(() => setSaving(false));
  };
  return (
    <Card
      size="small"
      title={t('console.settings.reference')}
      loading={settings.isPending}
      data-testid="reference-card"
    >
      <Radio.Group
        value={settings.data?.mode}
        disabled={saving}
        onChange={(e) => change(e.target.value as ReferenceSettings['mode'])}
        data-testid="reference-mode"
      >
        <Space direction="vertical">
          <Radio value="learner">{t('console.settings.referenceLearner')}</Radio>
          <Radio value="manager">{t('console.settings.referenceManager')}</Radio>
        </Space>
      </Radio.Group>
      <Typography.Paragraph type="secondary" className="console-hint">
        {t('console.settings.referenceHint')}
      </Typography.Paragraph>
    </Card>
  );
}
