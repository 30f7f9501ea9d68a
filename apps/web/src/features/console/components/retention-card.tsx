import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, InputNumber, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { setRetention, settingsKeys, useRetention } from '../api/settings-api';
import { rangeProblem } from '../lib/range-rule';

/** 档案保存: how many years the organisation keeps its training records and face-check photos. */
export function RetentionCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const retention = useRetention();
  const [years, setYears] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (retention.data) setYears(retention.data.retentionYears);
  }, [retention.data]);
  // a number outside 3–30 is said, not changed into one (InputNumber's min/max clamped it on blur)
  const problem = rangeProblem(years, 3, 30);
  const save = () => {
    if (years === null || problem) return;
    setSaving(true);
    void setRetention(years)
      .then(() => {
        notifySuccess(t('console.saved'));
        void client.invalidateQueries({ queryKey: settingsKeys.retention });
      })
      .catch(() => undefined)
      .finally(() => setSaving(false));
  };
  return (
    <Card
      size="small"
      title={t('console.settings.retention')}
      loading={retention.isPending}
      data-testid="retention-card"
    >
      <Space wrap align="center">
        <span>{t('console.settings.retentionYears')}</span>
        <InputNumber
          precision={0}
          status={problem ? 'error' : undefined}
          value={years}
          onChange={(v) => setYears(v)}
          addonAfter={t('console.settings.years')}
          data-testid="retention-years"
        />
        <Button
          type="primary"
          loading={saving}
          disabled={years === null || Boolean(problem) || years === retention.data?.retentionYears}
          onClick={save}
          data-testid="retention-save"
        >
          {t('console.saveShort')}
        </Button>
        {problem && (
          <Typography.Text type="danger" data-testid="retention-problem">
            {problem}
          </Typography.Text>
        )}
      </Space>
      {retention.data && (
        <p className="console-hint" data-testid="retention-photos">
          {t('console.settings.photos', { kept: retention.data.photosKept, purged: retention.data.photosPurged })}
        </p>
      )}
      <Typography.Paragraph type="secondary" className="console-hint">
        {t('console.settings.retentionHint')}
      </Typography.Paragraph>
    </Card>
  );
}
