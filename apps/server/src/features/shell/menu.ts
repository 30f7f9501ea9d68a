import { LAYOUT_PAGES, type PageDeclaration } from '@anxun/shared/pages';
import type { RouteRecord } from '@anxun/shared/schemas/shell';

/**
 * The menu of `/router/getList` (spec §2 layout routes, spec §6 `meta.roles`), made from the
 * one page table. A page is a layout route with one child of the same path, as the described
 * site has them; a group (管理后台) is a layout route whose children are its pages.
 */
function toRecord(p: PageDeclaration): RouteRecord {
  const meta = {
    title: p.title,
    ...(p.menuIcon ? { icon: p.menuIcon } : {}),
    ...(p.hidden ? { hidden: true } : {}),
    ...(p.noClosable ? { noClosable: true } : {}),
    ...(p.roles ? { roles: [...p.roles] } : {}),
  };
  if (p.children) {
    return {
      path: p.path,
      name: p.name,
      component: 'Layout',
      redirect: p.children[0]?.path,
      meta,
      children: p.children.map((c) => ({
        path: c.path,
        name: c.name,
        component: `@/views${c.path}/index`,
        meta: { title: c.title, ...(c.roles ? { roles: [...c.roles] } : {}) },
      })),
    };
  }
  return {
    path: p.path,
    name: `${p.name}Root`,
    component: 'Layout',
    meta: { ...meta, levelHidden: true },
    children: [{ path: p.path, name: p.name, component: `@/views${p.path}/index`, meta }],
  };
}

export const MENU: RouteRecord[] = [
  { path: '/', redirect: '/index', meta: { hidden: true } },
  ...LAYOUT_PAGES.map((p) => toRecord(p)),
];

/**
 * A route is shown to the roles it names (none named: everyone). Departure from spec §6
 * ("admin sees everything"): with two managing roles, an organisation's admin must not see
 * the platform operator's pages, nor the operator the organisation's.
 */
function allowed(route: RouteRecord, role: string): boolean {
  const roles = route.meta?.roles;
  return !roles || roles.length === 0 || roles.includes(role);
}

/** The menu filtered for a role. */
export function menuFor(role: string): RouteRecord[] {
  const filter = (routes: RouteRecord[]): RouteRecord[] =>
    routes
      .filter((r) => allowed(r, role))
      .map((r) => {
        if (!r.children) return r;
        const children = filter(r.children);
        // a group opens on the first of its pages this role sees
        return r.redirect && r.children.length > 1
          ? { ...r, children, redirect: children[0]?.path }
          : { ...r, children };
      });
  return filter(MENU);
}

/** Search suggestions over visible menu pages whose title or path contains the word. */
export function searchMenu(word: string, role: string): Array<{ value: string; url: string }> {
  const needle = word.trim().toLowerCase();
  if (!needle) return [];
  const out: Array<{ value: string; url: string }> = [];
  const walk = (routes: RouteRecord[]) => {
    for (const r of routes) {
      if (r.children) walk(r.children);
      else if (r.meta?.title && !r.meta.hidden) {
        if (r.meta.title.toLowerCase().includes(needle) || r.path.toLowerCase().includes(needle)) {
          out.push({ value: r.meta.title, url: `/#${r.path}` });
        }
      }
    }
  };
  walk(menuFor(role));
  return out;
}
