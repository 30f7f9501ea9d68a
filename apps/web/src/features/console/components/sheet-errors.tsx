import { Alert, Button, Table } from 'antd';
import type { SheetError } from '@anxun/shared/schemas/sheet-errors';
import { csvText } from '../../../lib/csv';
import { saveBlob } from '../../../lib/download';
import { useTranslation } from '../../../lib/i18n';
import { groupSheetErrors, rowRanges, type SheetErrorGroup } from '../lib/sheet-error-groups';
import { tablePager } from './table-pager';

export type { SheetError };

/**
 * A refused sheet's errors as the problems to fix — the same words on many rows one line, with
 * its rows and the learners or questions they name —, the headline that nothing was written,
 * and the list, one line a row, as a CSV file to work through beside the sheet: `sheetName` is
 * the refused file's name.
 */
export function SheetErrors({
  errors,
  headline,
  nameTitle,
  sheetName,
}: {
  errors: SheetError[];
  headline: string;
  /** the column of what each row is about: 姓名, 题干 */
  nameTitle: string;
  sheetName: string | undefined;
}) {
  const { t } = useTranslation();
  const named = errors.some((e) => e.name);
  const download = () => {
    const header = [t('console.row'), ...(named ? [nameTitle] : []), t('console.field'), t('console.message')];
    const rows = errors.map((e) => [e.row, ...(named ? [e.name ?? ''] : []), e.field, e.msg]);
    const base = (sheetName ?? '').replace(/\.xlsx$/i, '');
    saveBlob(
      new Blob([csvText([header, ...rows])], { type: 'text/csv;charset=utf-8' }),
      t('console.errorListFile', { name: base || t('console.sheetFile') }),
    );
  };
  return (
    <>
      <Alert
        type="error"
        showIcon
        message={headline}
        data-testid="import-errors"
        action={
          <Button size="small" onClick={download} data-testid="import-errors-download">
            {t('console.downloadErrors')}
          </Button>
        }
      />
      <Table<SheetErrorGroup>
        size="small"
        rowKey={(g) => `${g.field}\u0000${g.msg}`}
        pagination={tablePager(t, { pageSize: 8 })}
        dataSource={groupSheetErrors(errors)}
        // a phone scrolls it sideways rather than squeeze 问题 to a character a line
        scroll={{ x: 640 }}
        columns={[
          {
            title: t('console.row'),
            key: 'rows',
            width: 72,
            render: (_: unknown, g) => rowRanges(g.rows, t('punct.list'), (count) => t('console.rowsInAll', { count })),
          },
          ...(named
            ? [
                {
                  title: nameTitle,
                  key: 'names',
                  width: 180,
                  ellipsis: { showTitle: true },
                  render: (_: unknown, g: SheetErrorGroup) => g.names.join(t('punct.list')),
                },
              ]
            : []),
          { title: t('console.field'), dataIndex: 'field', width: 90 },
          { title: t('console.message'), dataIndex: 'msg' },
        ]}
      />
    </>
  );
}
