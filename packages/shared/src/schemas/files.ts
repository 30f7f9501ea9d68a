import { z } from 'zod';
import { FileType } from '../constants.js';
import { idText, line } from './text.js';

export const fileType = z.enum([
  FileType.AVATAR,
  FileType.LOGO,
  FileType.COURSE_COVER,
  FileType.QUESTION_IMAGE,
  FileType.CERT_SEAL,
]);

export const fileSelectQuery = z.strictObject({
  otcId: idText(),
  otcType: fileType,
});

export const fileRecord = z.object({
  id: z.string(),
  otcId: z.string(),
  otcType: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  /** URL the browser can load; short-lived and signed for private files */
  filePath: z.string(),
  createTime: z.string(),
});
export type FileRecord = z.infer<typeof fileRecord>;

export const fileDeleteQuery = z.strictObject({ id: idText() });

export const fileViewParams = z.strictObject({ id: idText() });
export const fileViewQuery = z.strictObject({
  exp: z.coerce.number().int().optional(),
  sig: line(128).optional(),
});

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
