import { Button, Checkbox, Modal, Result, Space } from 'antd';
import { useState } from 'react';
import { downloadFile } from '../../../lib/download';
import { useTranslation } from '../../../lib/i18n';
import { importLearners, type ImportResult } from '../api/console-api';
import { SheetPicker } from './sheet-picker';
import { SheetErrors } from './sheet-errors';

/** 导入学员: the template, a sheet, and either what was imported or every error by row (nothing written then). */
export function ImportDialog({ onImported }: { onImported(): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | undefined>();
  const [createDepartments, setCreateDepartments] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | undefined>();
  const run = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const answer = await importLearners(file, createDepartments);
      setResult(answer);
      if (answer.errors.length === 0) onImported();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button data-testid="import-open" onClick={() => setOpen(true)}>
        {t('console.import')}
      </Button>
      <Modal
        open={open}
        width={720}
        title={t('console.import')}
        footer={null}
        destroyOnHidden
        onCancel={() => {
          setOpen(false);
          setResult(undefined);
          setFile(undefined);
        }}
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Button
            type="link"
            onClick={() => void downloadFile('/api/manage/learners/import-template', '学员导入模板.xlsx')}
          >
            {t('console.template')}
          </Button>
          <SheetPicker
            file={file}
            testId="import-file"
            onFile={(picked) => {
              setFile(picked);
              setResult(undefined);
            }}
          />
          <Checkbox
            checked={createDepartments}
            onChange={(e) => setCreateDepartments(e.target.checked)}
            data-testid="import-create-departments"
          >
            {t('console.createDepartments')}
          </Checkbox>
          <Button
            type="primary"
            disabled={!file}
            loading={busy}
            onClick={() => void run().catch(() => undefined)}
            data-testid="import-run"
          >
            {busy ? t('console.importing') : t('console.import')}
          </Button>
          {result && result.errors.length === 0 && (
            <Result
              status="success"
              data-testid="import-done"
              title={t('console.imported', {
                created: result.created,
                updated: result.updated,
                unchanged: result.unchanged,
              })}
              subTitle={
                result.passwordsKept > 0 ? t('console.passwordsKept', { count: result.passwordsKept }) : undefined
              }
            />
          )}
          {result && result.errors.length === 0 && result.changes.length > 0 && (
            // what an updated sheet changed, so a correction made in the console and undone by
            // an older sheet is seen, not hidden in a count
            <div className="import-changes" data-testid="import-changes">
              <p>{t('console.importChanges')}</p>
              <ul>
                {result.changes.map((c) => (
                  <li key={c.row}>
                    {c.row} · {c.formerName ? `${c.formerName} → ${c.name}` : c.name} · {c.fields.join('、')}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {result && result.errors.length > 0 && (
            <SheetErrors
              errors={result.errors}
              headline={t('console.importFailed', { count: result.errors.length })}
              nameTitle={t('console.name')}
              sheetName={file?.name}
            />
          )}
        </Space>
      </Modal>
    </>
  );
}
