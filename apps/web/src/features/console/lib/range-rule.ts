import type { FormRule } from 'antd';
import { t } from '../../../lib/i18n';

/**
 * A number field's range as a form rule, said in words. The InputNumber takes no min/max:
 * given them, it turned a typed -3 into the least allowed value when the field lost focus,
 * and the form saved a number nobody typed, without a word.
 */
export const rangeRule = (min: number, max: number): FormRule => ({
  validator: async (_rule, value: number | null | undefined) => {
    const problem = rangeProblem(value, min, max);
    if (problem) throw new Error(problem);
  },
});

/** The same words for a number field outside a form (held in a page's state): none when in range or empty. */
export const rangeProblem = (value: number | null | undefined, min: number, max: number): string | undefined =>
  value === null || value === undefined || (value >= min && value <= max)
    ? undefined
    : t('console.outOfRange', { min, max });
