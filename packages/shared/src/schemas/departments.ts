import { z } from 'zod';
import { idText, line } from './text.js';

/** A department name: one line, 1–50 characters, no slash (it separates levels in a path like 一级/二级). */
export const departmentName = line(50).pipe(
  z
    .string()
    .trim()
    .min(1, '请输入部门名称')
    .refine((s) => !s.includes('/'), '部门名称不能包含“/”'),
);

/** One department of the organisation's tree (flat: the client nests it by parentId). */
export const department = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  sortOrder: z.number(),
  /** people directly in this department */
  memberCount: z.number(),
});
export type Department = z.infer<typeof department>;

export const createDepartmentBody = z.strictObject({
  name: departmentName,
  parentId: idText().nullish(),
  sortOrder: z.number().int().min(0).max(100_000).optional(),
});
export type CreateDepartmentBody = z.infer<typeof createDepartmentBody>;

/** Rename and/or move: `parentId: null` makes it a root. */
export const updateDepartmentBody = z
  .strictObject({
    name: departmentName.optional(),
    parentId: idText().nullable().optional(),
    sortOrder: z.number().int().min(0).max(100_000).optional(),
  })
  .refine((b) => b.name !== undefined || b.parentId !== undefined || b.sortOrder !== undefined, '没有要修改的内容');
export type UpdateDepartmentBody = z.infer<typeof updateDepartmentBody>;
