import { useQueryClient } from '@tanstack/react-query';
import { Button, Progress, Space, Tooltip } from 'antd';
import { downloadFile } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { requestClassArchive, useClassArchive } from '../api/reports-api';

/** 一期一档: build the class's archive in the background, watch it, download the newest. */
export function ClassArchiveButton({ classId, className }: { classId: string; className: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const archive = useClassArchive(classId);
  const state = archive.data;
  const building = state?.status === 'queued' || state?.status === 'running';
  const build = () =>
    void requestClassArchive(classId)
      .then(() => client.invalidateQueries({ queryKey: ['console', 'report', 'archive', classId] }))
      .catch(() => undefined);
  return (
    <Space wrap>
      {building ? (
        <Space data-testid="archive-building">
          <span className="console-hint">{t('console.reports.archiveBuilding', { percent: state.percent })}</span>
          <Progress percent={state.percent} size="small" style={{ width: 120 }} showInfo={false} />
        </Space>
      ) : (
        <Button onClick={build} data-testid="archive-build">
          {t('console.reports.archiveBuild')}
        </Button>
      )}
      {state?.ready && (
        <Tooltip title={`SHA-256 ${state.ready.sha256}`}>
          <Button
            type="primary"
            onClick={() => void downloadFile(`/api/manage/archives/class/${classId}.zip`, `${className}-一期一档.zip`)}
            data-testid="archive-download"
          >
            {t('console.reports.archiveDownload')}
          </Button>
        </Tooltip>
      )}
      {state?.ready && !building && (
        // the archive is of its moment: said where it is downloaded, not in a tooltip only
        <span className="console-hint" data-testid="archive-made-at">
          {t('console.reports.archiveMadeAt', { time: formatDateTime(state.ready.producedAt) })}
        </span>
      )}
      {state?.status === 'failed' && (
        <span className="report-alert">{t('console.reports.archiveFailed', { error: state.error ?? '' })}</span>
      )}
    </Space>
  );
}
