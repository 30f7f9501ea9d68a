import type { Department } from '@anxun/shared/schemas/departments';
import { describe, expect, it } from 'vitest';
import { toTree } from './department-tree';

const dept = (id: string, parentId: string | null, memberCount: number): Department => ({
  id,
  name: id,
  parentId,
  memberCount,
  sortOrder: 0,
});

describe('the department tree', () => {
  it("counts each department's learners with its sub-departments'", () => {
    const tree = toTree([
      dept('生产部', null, 0),
      dept('一车间', '生产部', 3),
      dept('二车间', '生产部', 1),
      dept('办公室', null, 2),
    ]);
    expect(tree.map((n) => n.title)).toEqual(['生产部（4）', '办公室（2）']);
    expect(tree[0]!.children.map((n) => n.title)).toEqual(['一车间（3）', '二车间（1）']);
  });
});
