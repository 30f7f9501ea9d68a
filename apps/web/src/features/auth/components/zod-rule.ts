import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/** An antd form rule from a shared zod field schema, so web and server say the same thing. */
export const zodRule = (schema: z.ZodType): Rule => ({
  validator: async (_rule, value: unknown) => {
    const result = schema.safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
});
