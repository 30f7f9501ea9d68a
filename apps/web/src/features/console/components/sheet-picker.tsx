import { Space } from 'antd';
import { useTranslation } from '../../../lib/i18n';
import { FileButton } from './file-button';

const XLSX = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Picks an .xlsx sheet with a button and says which one was picked (a bare input spoke the browser's language). */
export function SheetPicker({
  file,
  onFile,
  testId,
}: {
  file: File | undefined;
  onFile(file: File): void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <FileButton accept={XLSX} testId={testId} onFile={onFile}>
        {t('console.chooseFile')}
      </FileButton>
      <span className="console-hint" data-testid={`${testId}-name`}>
        {file?.name ?? t('console.noFileChosen')}
      </span>
    </Space>
  );
}
