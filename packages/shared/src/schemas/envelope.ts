import { z } from 'zod';
import { idText } from './text.js';

/** Every JSON response: `{ code, msg, data }` (DESIGN.md "API conventions"). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number(), msg: z.string(), data });

export const errorEnvelope = z.object({ code: z.number(), msg: z.string(), data: z.null() });

export type Envelope<T> = { code: number; msg: string; data: T };

/** Page query shared by every select-page call. */
export const pageQuery = z.object({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
});

export const idParam = z.strictObject({ id: idText() });
