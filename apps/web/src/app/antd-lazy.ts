import { lazy, type ComponentType } from 'react';
import { withChunkTimeout } from '../lib/chunk-timeout';
import { preloadable } from './preloadable';

/**
 * antd is drawn only inside its provider (theme, size, locale), and the provider comes in
 * its own chunk with what draws antd: the layout itself is plain markup, so a guest's 首页
 * and the login page download and run none of antd (its CSS-in-JS start-up is a phone's
 * heaviest work). Every provider shares one `cssVar` key, so the theme's variables are
 * written once however many of them are mounted.
 */
export const loadAntd = () => import('./antd-provider');

type Module<P> = { default: ComponentType<P> };

const inAntd =
  <P extends object>(load: () => Promise<Module<P>>) =>
  () =>
    Promise.all([load(), loadAntd()]).then(([part, antd]) => ({ default: antd.withAntd(part.default) }));

/** A lazily loaded part drawn with antd: its code and antd's provider load side by side. */
export const lazyWithAntd = <P extends object>(load: () => Promise<Module<P>>) => lazy(withChunkTimeout(inAntd(load)));

/** A page drawn with antd that can be loaded ahead (`preloadable`). */
export const preloadableWithAntd = <P extends object>(load: () => Promise<Module<P>>) => preloadable(inAntd(load));
