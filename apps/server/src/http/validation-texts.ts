import type { z } from 'zod';

/**
 * Plainer words than zod's zh-CN locale for what a request most often gets wrong: a text too
 * long said "数值过大：期望 string <=64 字符", an infinite number (1e999 in JSON) "期望 数字，实际接收
 * 数字". Anything else falls through to the locale (undefined). The error handler names the
 * field before these, as it does the locale's (ZOD_GENERIC).
 */
export function plainValidationText(issue: z.core.$ZodRawIssue): string | undefined {
  const { code } = issue;
  if (code === 'invalid_type' && issue.expected === 'number' && typeof issue.input === 'number') {
    return '须为有限的数字';
  }
  if (code === 'too_big' || code === 'too_small') {
    const limit = Number(code === 'too_big' ? issue.maximum : issue.minimum);
    if (issue.origin === 'string') {
      if (code === 'too_small' && limit === 1) return '不能为空';
      return code === 'too_big' ? `长度不能超过 ${limit} 个字符` : `长度不能少于 ${limit} 个字符`;
    }
    if (issue.origin === 'array') return code === 'too_big' ? `不能多于 ${limit} 项` : `不能少于 ${limit} 项`;
    if (issue.origin === 'number' || issue.origin === 'int') {
      const equal = issue.inclusive !== false;
      return code === 'too_big'
        ? `不能大于${equal ? '' : '或等于'} ${limit}`
        : `不能小于${equal ? '' : '或等于'} ${limit}`;
    }
  }
  return undefined;
}
