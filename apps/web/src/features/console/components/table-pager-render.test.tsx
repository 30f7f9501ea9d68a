// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { t } from '../../../lib/i18n';
import { tablePager, useSizedPager } from './table-pager';

afterEach(cleanup);

const rows = Array.from({ length: 95 }, (_, i) => ({ id: i + 1, name: `学员${i + 1}` }));
const columns = [{ title: '姓名', dataIndex: 'name' }];

describe("a console table's pager", () => {
  it('names its arrows in the page’s language, not by their icons', () => {
    render(<Table rowKey="id" dataSource={rows} columns={columns} pagination={tablePager(t, { pageSize: 10 })} />);
    expect(screen.getByRole('button', { name: '上一页' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '下一页' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /left|right/ })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull(); // no page-size changer
  });

  it('names the five-page jumps, and pages on', () => {
    render(<Table rowKey="id" dataSource={rows} columns={columns} pagination={tablePager(t, { pageSize: 10 })} />);
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(screen.getByText('学员11')).toBeTruthy();
    fireEvent.click(screen.getByTitle('5'));
    expect(screen.getByText('学员41')).toBeTruthy();
    expect(screen.getByLabelText('向前 5 页')).toBeTruthy();
    expect(screen.getByLabelText('向后 5 页')).toBeTruthy();
  });

  it('shows the server’s page and total, and asks for the page pressed', () => {
    const asked: number[] = [];
    render(
      <Table
        rowKey="id"
        dataSource={rows.slice(20, 30)}
        columns={columns}
        pagination={tablePager(t, { pageSize: 10, current: 3, total: 95, onChange: (p) => asked.push(p) })}
      />,
    );
    expect(screen.getByTitle('3').className).toContain('active');
    expect(screen.getByText('共 95 条')).toBeTruthy();
    expect(screen.getByTitle('10')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(asked).toEqual([4]);
  });

  it('lets a manager choose how many rows a page holds, starting again at page 1', async () => {
    const asked: Array<[string, number]> = [];
    render(
      <Table
        rowKey="id"
        dataSource={rows.slice(20, 30)}
        columns={columns}
        pagination={tablePager(t, {
          pageSize: 10,
          current: 3,
          total: 95,
          onChange: (p) => asked.push(['page', p]),
          onSizeChange: (size) => asked.push(['size', size]),
        })}
      />,
    );
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle(/^50/));
    expect(asked).toEqual([
      ['size', 50],
      ['page', 1],
    ]);
  });

  it('keeps the size a manager chose for his next visit to the same table, not another’s', async () => {
    localStorage.clear();
    function People({ name }: { name: string }) {
      const { size, pagination } = useSizedPager(t, name, 10);
      return <Table rowKey="id" dataSource={rows.slice(0, size)} columns={columns} pagination={pagination(95)} />;
    }
    const first = render(<People name="people" />);
    expect(screen.getAllByRole('row')).toHaveLength(11); // the header and 10
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle(/^50/));
    expect(screen.getAllByRole('row')).toHaveLength(51);
    first.unmount();

    const again = render(<People name="people" />); // a reload, the next day
    expect(screen.getAllByRole('row')).toHaveLength(51);
    again.unmount();
    render(<People name="class-members" />);
    expect(screen.getAllByRole('row')).toHaveLength(11);
  });
});
