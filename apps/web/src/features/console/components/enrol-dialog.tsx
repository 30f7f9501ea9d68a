import { Button, Checkbox, Modal, Result, Select, Space, Tabs, TreeSelect } from 'antd';
import { useState } from 'react';
import { downloadFile } from '../../../lib/download';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import {
  enrol,
  enrolFromSheet,
  useDepartments,
  useLearners,
  type EnrolSheetResult,
  type ManagedClass,
} from '../api/console-api';
import { asSelect, toTree } from './department-tree';
import { SheetPicker } from './sheet-picker';
import { SheetErrors } from './sheet-errors';

type Way = 'departments' | 'learners' | 'sheet';

/** 报名: by department (with sub-departments or not), by picking learners, or from an Excel list. */
export function EnrolDialog({ cls, onClose, onDone }: { cls: ManagedClass; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const departments = useDepartments();
  const [way, setWay] = useState<Way>('departments');
  const [departmentIds, setDepartmentIds] = useState<string[]>([]);
  const [includeSub, setIncludeSub] = useState(true);
  const [personIds, setPersonIds] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const found = useLearners({ q: search || undefined, status: 'active', current: 1, size: 20 });
  const [file, setFile] = useState<File | undefined>();
  const [busy, setBusy] = useState(false);
  const [sheetResult, setSheetResult] = useState<EnrolSheetResult | undefined>();

  const ready = way === 'departments' ? departmentIds.length > 0 : way === 'learners' ? personIds.length > 0 : !!file;
  const submit = async () => {
    setBusy(true);
    try {
      if (way === 'sheet' && file) {
        const answer = await enrolFromSheet(cls.id, file);
        setSheetResult(answer);
        if (answer.errors.length > 0) return;
        notifySuccess(t('console.enrolled', { enrolled: answer.enrolled, already: answer.already }));
      } else {
        const answer = await enrol(cls.id, way === 'departments' ? { departmentIds, includeSub } : { personIds });
        // the disabled and those awaiting approval were left out: said, not silently
        const skipped = answer.skipped > 0 ? ` ${t('console.enrolSkipped', answer)}` : '';
        notifySuccess(`${t('console.enrolled', answer)}${skipped}`);
      }
      onDone();
    } catch {
      // the error toast is shown
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={640}
      title={t('console.enrolTitle', { name: cls.name })}
      onCancel={onClose}
      okText={t('console.enrol')}
      okButtonProps={{ disabled: !ready, loading: busy }}
      onOk={() => void submit()}
    >
      <Tabs
        activeKey={way}
        onChange={(k) => setWay(k as Way)}
        items={[
          {
            key: 'departments',
            label: t('console.enrolDepartments'),
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                <TreeSelect
                  multiple
                  treeDefaultExpandAll
                  style={{ width: '100%' }}
                  data-testid="enrol-departments"
                  placeholder={t('console.chooseDepartments')}
                  value={departmentIds}
                  onChange={(v) => setDepartmentIds(v as string[])}
                  treeData={toTree(departments.data ?? []).map(asSelect)}
                />
                <Checkbox checked={includeSub} onChange={(e) => setIncludeSub(e.target.checked)}>
                  {t('console.includeSub')}
                </Checkbox>
              </Space>
            ),
          },
          {
            key: 'learners',
            label: t('console.enrolLearners'),
            // room below the field for its open list (it stays open to pick several): it covered 报名
            children: (
              <div className="enrol-learners-tab">
                <Select
                  mode="multiple"
                  showSearch
                  filterOption={false}
                  style={{ width: '100%' }}
                  placeholder={t('console.search')}
                  data-testid="enrol-learners"
                  value={personIds}
                  onChange={setPersonIds}
                  onSearch={setSearch}
                  loading={found.isFetching}
                  options={(found.data?.records ?? []).map((l) => ({
                    value: l.id,
                    label: `${l.name}${l.phone ? ` ${l.phone}` : ''}${l.departmentName ? `（${l.departmentName}）` : ''}`,
                  }))}
                />
              </div>
            ),
          },
          {
            key: 'sheet',
            label: t('console.enrolSheet'),
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                <span>{t('console.enrolSheetHint')}</span>
                <Button
                  type="link"
                  style={{ padding: 0 }}
                  onClick={() => void downloadFile('/api/manage/classes/enrol-template', '报名名单模板.xlsx')}
                >
                  {t('console.enrolTemplate')}
                </Button>
                <SheetPicker
                  file={file}
                  testId="enrol-file"
                  onFile={(picked) => {
                    setFile(picked);
                    setSheetResult(undefined);
                  }}
                />
                {sheetResult && sheetResult.errors.length > 0 && (
                  <SheetErrors
                    errors={sheetResult.errors}
                    headline={t('console.enrolSheetFailed', { count: sheetResult.errors.length })}
                    nameTitle={t('console.name')}
                    sheetName={file?.name}
                  />
                )}
                {sheetResult && sheetResult.errors.length === 0 && (
                  <Result
                    status="success"
                    title={t('console.enrolled', { enrolled: sheetResult.enrolled, already: sheetResult.already })}
                  />
                )}
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}
