import { Alert, Table } from 'antd';
import { useTranslation } from '../../../lib/i18n';
import { tablePager } from './table-pager';

export interface SheetError {
  row: number;
  field: string;
  msg: string;
}

/** A refused sheet's errors, each by its spreadsheet row, with the headline that nothing was written. */
export function SheetErrors({ errors, headline }: { errors: SheetError[]; headline: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="error" showIcon message={headline} data-testid="import-errors" />
      <Table
        size="small"
        rowKey={(e) => `${e.row}-${e.field}-${e.msg}`}
        pagination={tablePager(t, { pageSize: 8 })}
        dataSource={errors}
        columns={[
          { title: t('console.row'), dataIndex: 'row', width: 70 },
          { title: t('console.field'), dataIndex: 'field', width: 100 },
          { title: t('console.message'), dataIndex: 'msg' },
        ]}
      />
    </>
  );
}
