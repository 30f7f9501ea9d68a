import { describe, expect, it } from 'vitest';
import {
  addTab,
  afterClosing,
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  type VisitedTab,
} from './tabs-store';

const tab = (path: string, extra: Partial<VisitedTab> = {}): VisitedTab => ({
  path,
  fullPath: path,
  title: path,
  ...extra,
});
const home = tab('/index', { noClosable: true });
const tabs = [home, tab('/study'), tab('/exams'), tab('/course')];
const paths = (list: VisitedTab[]) => list.map((t) => t.fullPath);

describe('tabs (spec §2)', () => {
  it('adds a tab per path and updates a tab with the same path', () => {
    let list = addTab([], tab('/study'));
    list = addTab(list, { ...tab('/study'), fullPath: '/study?x=1', title: 'new' });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ fullPath: '/study?x=1', title: 'new' });
  });

  it('pins tabs that cannot be closed at the front', () => {
    const list = addTab([tab('/study'), tab('/exams')], home);
    expect(paths(list)).toEqual(['/index', '/study', '/exams']);
  });

  it('opens a new tab per full path for dynamicNewTab routes, and none for tabHidden', () => {
    let list = addTab([], tab('/course', { fullPath: '/course?id=1', dynamicNewTab: true }));
    list = addTab(list, tab('/course', { fullPath: '/course?id=2', dynamicNewTab: true }));
    expect(paths(list)).toEqual(['/course?id=1', '/course?id=2']);
    expect(addTab(list, tab('/secret', { tabHidden: true }))).toBe(list);
  });

  it('closes one, others, left, right and all, keeping noClosable tabs', () => {
    expect(paths(closeTab(tabs, '/exams'))).toEqual(['/index', '/study', '/course']);
    expect(paths(closeTab(tabs, '/index'))).toEqual(paths(tabs));
    expect(paths(closeOthers(tabs, '/exams'))).toEqual(['/index', '/exams']);
    expect(paths(closeLeft(tabs, '/exams'))).toEqual(['/index', '/exams', '/course']);
    expect(paths(closeRight(tabs, '/study'))).toEqual(['/index', '/study']);
    expect(paths(closeAll(tabs))).toEqual(['/index']);
  });

  it('after closing the active tab goes to the last remaining tab, or / when none remain', () => {
    expect(afterClosing(closeTab(tabs, '/course'), '/course')).toBe('/exams');
    expect(afterClosing(closeTab(tabs, '/study'), '/exams')).toBeUndefined();
    expect(afterClosing([], '/study')).toBe('/');
  });
});
