import { z } from 'zod';

/**
 * A refused spreadsheet's errors (imports and enrolment lists are all or nothing): each bad cell
 * by its spreadsheet row and column, with what the row is about — the learner's name, the
 * question's stem (the start of it) — so a manager finds it in a long list.
 */
export const sheetErrors = z.array(
  z.object({ row: z.number(), field: z.string(), msg: z.string(), name: z.string().optional() }),
);
export type SheetError = z.infer<typeof sheetErrors>[number];
