import { z } from 'zod';
import { line } from './text.js';

/**
 * 课件 of a course book in the console (issue: Console II): the units learners study, and
 * the uploads being turned into units (resumable upload, then a transcoding job).
 */
export const UNIT_KINDS = ['video', 'document'] as const;
export const unitKind = z.enum(UNIT_KINDS);

/**
 * Containers a video upload may come in; ffmpeg decides whether it really is one. Not MPEG-TS
 * (.ts): the shipped ffprobe (a 2023 static build) crashes on it, so such an upload could only
 * fail later, as "not a video" — it is refused by name at once instead.
 */
export const VIDEO_EXTENSIONS = [
  'mp4',
  'm4v',
  'mov',
  'avi',
  'mkv',
  'wmv',
  'flv',
  'webm',
  'mpg',
  'mpeg',
  '3gp',
] as const;
/** Documents: PDF as it is; slides and Word files only where the server has LibreOffice to make a PDF. */
export const DOCUMENT_EXTENSIONS = ['pdf'] as const;
export const OFFICE_EXTENSIONS = ['ppt', 'pptx', 'doc', 'docx', 'odp', 'odt'] as const;

export const managedUnit = z.object({
  warpId: z.string(),
  title: z.string(),
  kind: unitKind,
  durationSeconds: z.number(),
  /** a document's pages; null for a video */
  pageCount: z.number().nullable(),
  sortOrder: z.number(),
  /** a signed poster image of a transcoded video, when it has one */
  posterUrl: z.string().nullable(),
  /** learners with a record of this unit that holds study: such a unit cannot be removed */
  studiedBy: z.number(),
});
export type ManagedUnit = z.infer<typeof managedUnit>;

export const jobStatus = z.enum(['queued', 'running', 'done', 'failed']);
export const courseUpload = z.object({
  jobId: z.string(),
  title: z.string(),
  fileName: z.string(),
  size: z.number(),
  status: jobStatus,
  percent: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type CourseUpload = z.infer<typeof courseUpload>;

export const bookUnits = z.object({
  units: z.array(managedUnit),
  /** uploads still being processed or that failed (done ones are units) */
  uploads: z.array(courseUpload),
  /** the largest file the server takes, bytes */
  maxUploadBytes: z.number(),
  /** whether PPT/Word files are taken (the server has LibreOffice to make PDFs of them) */
  acceptsOffice: z.boolean(),
});
export type BookUnits = z.infer<typeof bookUnits>;

export const unitOrderBody = z.strictObject({
  warpIds: z.array(z.string().max(64)).min(1).max(500),
});
export const unitEditBody = z.strictObject({
  title: line(100).pipe(z.string().trim().min(1, '请输入课件名称')),
});

/** What the websocket tells the uploader while a job runs (WsCode.JOB_PROGRESS). */
export const jobProgressMessage = z.object({
  jobId: z.string(),
  subjectId: z.string().nullable(),
  status: jobStatus,
  percent: z.number(),
  error: z.string().nullable(),
});
export type JobProgressMessage = z.infer<typeof jobProgressMessage>;
