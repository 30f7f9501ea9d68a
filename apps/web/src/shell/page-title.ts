import { PAGE_TITLE } from '@anxun/shared/constants';

/** 'page - 在线安全生产培训系统' (spec §4: not reversed). */
export const pageTitle = (page: string | undefined): string => (page ? `${page} - ${PAGE_TITLE}` : PAGE_TITLE);
