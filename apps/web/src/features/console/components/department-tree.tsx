import { Button, Input, Modal, Popconfirm, Space, Tree } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { createDepartment, deleteDepartment, renameDepartment, type Department } from '../api/console-api';

interface TreeNode {
  key: string;
  title: string;
  children: TreeNode[];
}

/**
 * The flat list as a tree, in the server's order, each department titled with its learners
 * and its sub-departments' (生产部 with three learners in its 一车间 reads 生产部（3）, as the
 * list beside it shows them with 含下级部门).
 */
export function toTree(departments: Department[]): TreeNode[] {
  interface Draft {
    key: string;
    name: string;
    own: number;
    children: Draft[];
  }
  const drafts = new Map<string, Draft>(
    departments.map((d) => [d.id, { key: d.id, name: d.name, own: d.memberCount, children: [] }]),
  );
  const roots: Draft[] = [];
  for (const d of departments) {
    const parent = d.parentId ? drafts.get(d.parentId) : undefined;
    (parent ? parent.children : roots).push(drafts.get(d.id)!);
  }
  const finish = (d: Draft): { node: TreeNode; count: number } => {
    const children = d.children.map(finish);
    const count = children.reduce((sum, c) => sum + c.count, d.own);
    return { node: { key: d.key, title: `${d.name}（${count}）`, children: children.map((c) => c.node) }, count };
  };
  return roots.map((r) => finish(r).node);
}

/** 部门树: pick a department to list its learners; add, rename and delete departments. */
export function DepartmentTree({
  departments,
  selected,
  onSelect,
  onChanged,
}: {
  departments: Department[];
  selected: string | undefined;
  onSelect(id: string | undefined): void;
  /** `removed`: the department just deleted (nothing is to be asked about it again) */
  onChanged(removed?: string): void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{
    mode: 'add' | 'rename';
    parentId: string | null;
    parentName?: string;
    id?: string;
    name: string;
  }>();
  const current = departments.find((d) => d.id === selected);
  const save = async () => {
    if (!editing) return;
    if (editing.mode === 'add') await createDepartment(editing.name.trim(), editing.parentId);
    else await renameDepartment(editing.id!, editing.name.trim());
    notifySuccess(t('console.saved'));
    setEditing(undefined);
    onChanged();
  };
  return (
    <div className="console-tree" data-testid="department-tree">
      <Space wrap className="console-tree-actions">
        <Button
          size="small"
          type="primary"
          data-testid="department-add"
          onClick={() => setEditing({ mode: 'add', parentId: null, name: '' })}
        >
          {t('console.addRoot')}
        </Button>
        {current && (
          <>
            <Button
              size="small"
              onClick={() => setEditing({ mode: 'add', parentId: current.id, parentName: current.name, name: '' })}
            >
              {t('console.addChild')}
            </Button>
            <Button
              size="small"
              onClick={() =>
                setEditing({ mode: 'rename', parentId: current.parentId, id: current.id, name: current.name })
              }
            >
              {t('console.rename')}
            </Button>
            <Popconfirm
              title={t('console.deleteConfirm', { name: current.name })}
              onConfirm={() =>
                void deleteDepartment(current.id).then(() => {
                  onSelect(undefined);
                  onChanged(current.id);
                })
              }
            >
              <Button size="small" danger>
                {t('console.delete')}
              </Button>
            </Popconfirm>
          </>
        )}
      </Space>
      <Button type={selected ? 'text' : 'link'} size="small" onClick={() => onSelect(undefined)}>
        {t('console.allLearners')}
      </Button>
      {/* an empty tree is an invisible stop of the keyboard's tab order */}
      {departments.length > 0 && (
        <Tree
          blockNode
          defaultExpandAll
          selectedKeys={selected ? [selected] : []}
          treeData={toTree(departments)}
          onSelect={(keys) => onSelect((keys[0] as string | undefined) ?? undefined)}
        />
      )}
      <Modal
        open={Boolean(editing)}
        title={
          editing?.mode === 'rename'
            ? t('console.rename')
            : editing?.parentName
              ? t('console.addChildOf', { name: editing.parentName })
              : t('console.addRoot')
        }
        onCancel={() => setEditing(undefined)}
        onOk={() => void save().catch(() => undefined)}
        okButtonProps={{ disabled: !editing?.name.trim() }}
        destroyOnHidden
      >
        <Input
          autoFocus
          maxLength={50}
          placeholder={t('console.departmentName')}
          data-testid="department-name"
          value={editing?.name}
          onChange={(e) => setEditing((d) => d && { ...d, name: e.target.value })}
          onPressEnter={() => void save().catch(() => undefined)}
        />
      </Modal>
    </div>
  );
}

interface SelectNode {
  value: string;
  title: string;
  children: SelectNode[];
}

/** The department tree as a TreeSelect wants it. */
export function asSelect(node: TreeNode): SelectNode {
  return { value: node.key, title: node.title, children: node.children.map(asSelect) };
}
