import { z } from 'zod';
import { line } from './text.js';

export const noticeItem = z.object({
  id: z.string(),
  kind: z.enum(['notice', 'email']),
  title: z.string(),
  notice: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  createTime: z.string(),
});
export type NoticeItem = z.infer<typeof noticeItem>;
export const noticeList = z.object({ list: z.array(noticeItem), total: z.number() });

export const searchQuery = z.strictObject({
  searchWord: line(100).optional(),
});
export const searchSuggestion = z.object({ value: z.string(), url: z.string() });
export type SearchSuggestion = z.infer<typeof searchSuggestion>;
export const searchList = z.object({ list: z.array(searchSuggestion) });

export const routeMeta = z.object({
  title: z.string().optional(),
  icon: z.string().optional(),
  hidden: z.boolean().optional(),
  levelHidden: z.boolean().optional(),
  roles: z.array(z.string()).optional(),
  noClosable: z.boolean().optional(),
  tabHidden: z.boolean().optional(),
  dynamicNewTab: z.boolean().optional(),
  activeMenu: z.string().optional(),
  isCustomSvg: z.boolean().optional(),
});

export interface RouteRecord {
  path: string;
  name?: string;
  component?: string;
  redirect?: string;
  meta?: z.infer<typeof routeMeta>;
  children?: RouteRecord[];
}

export const routeRecord: z.ZodType<RouteRecord> = z.lazy(() =>
  z.object({
    path: z.string(),
    name: z.string().optional(),
    component: z.string().optional(),
    redirect: z.string().optional(),
    meta: routeMeta.optional(),
    children: z.array(routeRecord).optional(),
  }),
);
export const routeList = z.object({ list: z.array(routeRecord) });
