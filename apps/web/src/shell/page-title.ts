import { PAGE_TITLE } from '@anxun/shared/constants';

/** 'page - 在线安全生产培训系统' (spec §4: not reversed); the site title follows the language. */
export const pageTitle = (page: string | undefined, siteTitle: string = PAGE_TITLE): string =>
  page ? `${page} - ${siteTitle}` : siteTitle;
