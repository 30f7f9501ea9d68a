import { z } from 'zod';

// C0 control characters (NUL included, which PostgreSQL text cannot store) and DEL.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A single-line string of at most `max` characters without control characters. */
export const line = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !CONTROL.test(s), '不能包含控制字符');

/** An id or code in a path or query. */
export const idText = (max = 64) => line(max).pipe(z.string().min(1));
