import type { FormRule } from 'antd';
import { t } from '../../../lib/i18n';

/**
 * A number field's range as a form rule, said in words. The InputNumber takes no min/max:
 * given them, it turned a typed -3 into the least allowed value when the field lost focus,
 * and the form saved a number nobody typed, without a word.
 */
export const rangeRule = (min: number, max: number): FormRule => ({
  validator: async (_rule, value: number | null | undefined) => {
    if (value === null || value === undefined) return;
    if (value < min || value > max) throw new Error(t('console.outOfRange', { min, max }));
  },
});
