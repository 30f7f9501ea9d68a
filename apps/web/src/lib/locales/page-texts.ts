import { registerTexts } from '../i18n';
import { pageTextsEn } from './page-texts-en';
import { pageTextsZh } from './page-texts-zh';

/**
 * The pages' texts join the lookup when the first page that needs them loads: the login
 * page's first visit carries only the shell's and login's texts (its 200 KB budget).
 * Pages import this module for its effect.
 */
registerTexts({ zh: pageTextsZh, en: pageTextsEn });
