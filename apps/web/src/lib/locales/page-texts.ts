import { registerTexts } from '../i18n';
import { pageTextsEn } from './page-texts-en';
import { pageTextsZh } from './page-texts-zh';

/**
 * Texts several features show (study status and progress, face checks): they join the lookup
 * when the first page that needs them loads, so the login page's first visit carries only the
 * shell's and login's texts (its 200 KB budget). A feature's own texts live in its
 * `locales/` folder. Pages import these modules for their effect.
 */
registerTexts({ zh: pageTextsZh, en: pageTextsEn });
