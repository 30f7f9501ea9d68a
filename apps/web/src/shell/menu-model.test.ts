import { describe, expect, it } from 'vitest';
import { LAYOUT_ROUTES } from './route-config';
import { buildMenu, SIGNED_OUT_MENU } from './menu-model';
import type { MenuRoute } from './route-config';

const learner = { admin: false, roles: ['learner'], abilities: [] };
const r = (path: string, extra: Partial<MenuRoute> = {}): MenuRoute => ({ path, title: path, ...extra });

describe('menu rules (spec §2/§6)', () => {
  it('drops hidden routes and routes the user lacks the role for', () => {
    const menu = buildMenu([r('/a'), r('/b', { hidden: true }), r('/c', { roles: ['admin'] })], learner);
    expect(menu.map((m) => m.key)).toEqual(['/a']);
    expect(buildMenu([r('/c', { roles: ['admin'] })], { ...learner, admin: true })).toHaveLength(1);
  });

  it('makes submenus of visible children and filters children too', () => {
    const menu = buildMenu([r('/p', { children: [r('/p/1'), r('/p/2', { roles: ['admin'] })] })], learner);
    expect(menu).toEqual([
      {
        key: '/p',
        title: '/p',
        icon: undefined,
        scroll: false,
        children: [{ key: '/p/1', title: '/p/1', icon: undefined }],
      },
    ]);
  });

  it('shows the children of a levelHidden route in its place', () => {
    const menu = buildMenu([r('/p', { levelHidden: true, children: [r('/p/1'), r('/p/2')] })], learner);
    expect(menu.map((m) => m.key)).toEqual(['/p/1', '/p/2']);
  });

  it('marks a submenu with more than 18 children to scroll', () => {
    const many = Array.from({ length: 19 }, (_, i) => r(`/p/${i}`));
    expect(buildMenu([r('/p', { children: many })], learner)[0]!.scroll).toBe(true);
    expect(buildMenu([r('/p', { children: many.slice(0, 18) })], learner)[0]!.scroll).toBe(false);
  });

  it("shows a visitor who has not signed in the learner's pages, none of the console's", () => {
    const keys = (nodes: ReturnType<typeof buildMenu>): string[] =>
      nodes.flatMap((n) => [n.key, ...keys(n.children ?? [])]);
    const visitor = keys(buildMenu(LAYOUT_ROUTES, SIGNED_OUT_MENU));
    expect(visitor).toContain('/index');
    expect(visitor).toContain('/study');
    expect(visitor.filter((k) => k.startsWith('/manage'))).toEqual([]);
    // a manager signed in sees them
    const admin = keys(buildMenu(LAYOUT_ROUTES, { admin: false, roles: ['admin'], abilities: [] }));
    expect(admin).toContain('/manage/people');
  });
});
