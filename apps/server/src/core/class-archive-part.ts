import type { AppContext } from '../app-context.js';

/**
 * A part of 一期一档 that another feature owns (the exam results, the face-check records and
 * their photos): the reports feature builds the zip and calls each part the composition root
 * (app.ts) hands it, so features do not import each other. `add` resolves once the file is
 * in the zip, so a part adding many photos holds one at a time.
 */
export type ClassArchivePart = (
  ctx: AppContext,
  target: { classId: string; orgId: string; signal: AbortSignal },
  add: (name: string, data: Buffer) => Promise<void>,
) => Promise<void>;

/** A file name a zip and every desktop accept. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
export const safeFileName = (s: string) => s.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 60) || '未命名';
