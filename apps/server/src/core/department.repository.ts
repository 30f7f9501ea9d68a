/**
 * The departments table's one owner: the console's departments feature and the learners'
 * import (which creates missing departments) both write through here.
 */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../infra/database.js';
import type { DepartmentsTable } from '../infra/db-schema.js';

/**
 * An organisation's departments with the number of people directly in each: in their sort
 * order, then in the order they were made (一车间, 二车间, 三车间 — by name they read 一, 三, 二).
 */
export async function listDepartments(db: Db, orgId: string) {
  return db
    .selectFrom('departments as d')
    .leftJoin('persons as p', 'p.department_id', 'd.id')
    .select((eb) => ['d.id', 'd.parent_id', 'd.name', 'd.sort_order', eb.fn.count<number>('p.id').as('member_count')])
    .where('d.org_id', '=', orgId)
    .groupBy(['d.id', 'd.parent_id', 'd.name', 'd.sort_order', 'd.created_at'])
    .orderBy('d.sort_order')
    .orderBy('d.created_at')
    .orderBy('d.name')
    .execute();
}

/** One department of this organisation (another organisation's reads as absent). */
export async function findDepartment(db: Db, orgId: string, id: string) {
  return db.selectFrom('departments').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}

export async function insertDepartment(db: Db, row: Insertable<DepartmentsTable>): Promise<void> {
  await db.insertInto('departments').values(row).execute();
}

export async function updateDepartment(db: Db, id: string, values: Updateable<DepartmentsTable>): Promise<void> {
  await db.updateTable('departments').set(values).where('id', '=', id).execute();
}

export async function deleteDepartment(db: Db, id: string): Promise<void> {
  await db.deleteFrom('departments').where('id', '=', id).execute();
}

/** Whether anything still hangs on a department: a sub-department or a person. */
export async function departmentInUse(db: Db, id: string): Promise<boolean> {
  const [child, member] = await Promise.all([
    db.selectFrom('departments').select('id').where('parent_id', '=', id).executeTakeFirst(),
    db.selectFrom('persons').select('id').where('department_id', '=', id).executeTakeFirst(),
  ]);
  return Boolean(child || member);
}

/** The organisation's departments, to resolve paths and sub-trees. */
export async function findDepartmentsOfOrg(db: Db, orgId: string) {
  return db
    .selectFrom('departments')
    .select(['id', 'parent_id', 'name', 'sort_order'])
    .where('org_id', '=', orgId)
    .execute();
}

type TreeDepartment = { id: string; parent_id: string | null; name: string; sort_order: number };

/**
 * Departments in the order the department tree shows them: each under its parent, siblings by
 * their order and then name (as the tree's query sorts) — not by their paths' pinyin, which put
 * 二车间 before 一车间.
 */
export function inTreeOrder<D extends TreeDepartment>(departments: D[]): D[] {
  const byId = new Map(departments.map((d) => [d.id, d]));
  const chain = (d: D): D[] => {
    const out = [d];
    for (let up = d; up.parent_id && byId.has(up.parent_id) && out.length < 64;) {
      up = byId.get(up.parent_id)!;
      out.unshift(up);
    }
    return out;
  };
  const chains = new Map(departments.map((d) => [d.id, chain(d)]));
  const sibling = (a: D, b: D) =>
    Number(a.sort_order) - Number(b.sort_order) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  return [...departments].sort((a, b) => {
    const [x, y] = [chains.get(a.id)!, chains.get(b.id)!];
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      if (x[i]!.id !== y[i]!.id) return sibling(x[i]!, y[i]!);
    }
    // a department comes before those under it
    return x.length - y.length;
  });
}

export async function insertDepartments(db: Db, rows: Array<Insertable<DepartmentsTable>>): Promise<void> {
  if (rows.length > 0) await db.insertInto('departments').values(rows).execute();
}

/** Each department's path, '生产部/一车间', by id (a sheet names departments this way). */
export function departmentPaths(departments: Array<{ id: string; parent_id: string | null; name: string }>) {
  const byId = new Map(departments.map((d) => [d.id, d]));
  const paths = new Map<string, string>();
  const pathOf = (id: string, depth = 0): string => {
    const known = paths.get(id);
    if (known) return known;
    const d = byId.get(id)!;
    // a parent chain longer than any real tree would be a cycle: stop there
    const path =
      d.parent_id && byId.has(d.parent_id) && depth < 64 ? `${pathOf(d.parent_id, depth + 1)}/${d.name}` : d.name;
    paths.set(id, path);
    return path;
  };
  for (const d of departments) pathOf(d.id);
  return paths;
}

/** These departments and every one under them, each once (even if a concurrent move ever left a cycle). */
export function withSubDepartments(
  departments: Array<{ id: string; parent_id: string | null }>,
  roots: string[],
): string[] {
  const ids = [...new Set(roots)];
  const seen = new Set(ids);
  for (let i = 0; i < ids.length; i++) {
    for (const d of departments) {
      if (d.parent_id === ids[i] && !seen.has(d.id)) {
        seen.add(d.id);
        ids.push(d.id);
      }
    }
  }
  return ids;
}

/** The organisation's departments' paths by id (`departmentPaths`), to name a learner's. */
export async function departmentPathsOfOrg(db: Db, orgId: string): Promise<Map<string, string>> {
  return departmentPaths(await findDepartmentsOfOrg(db, orgId));
}

/**
 * A learner's department as the console names it: with its parents (生产部/一车间 — two
 * workshops are both 一车间), else the name it was read with.
 */
export const departmentNameOf = (
  paths: Map<string, string>,
  id: string | null | undefined,
  name: string | null,
): string | null => (id ? paths.get(id) : undefined) ?? name;
