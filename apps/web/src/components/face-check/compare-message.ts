import type { CompareResult } from '@anxun/shared/schemas/identity';
import type { TFunction } from '../../lib/i18n';

/**
 * What a comparison's answer says, in the page's language: the server's message is Chinese,
 * its reason a code (an English page said 请用摄像头现场拍照… in Chinese).
 */
export const compareMessage = (t: TFunction, r: Pick<CompareResult, 'passed' | 'reason' | 'msg'>): string =>
  r.passed ? t('face.passed') : r.reason ? t(`face.rejection.${r.reason}`) : r.msg;
