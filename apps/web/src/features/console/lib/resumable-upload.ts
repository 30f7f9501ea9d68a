import { currentToken } from '../../../lib/api-client';

/**
 * A courseware file sent by the tus protocol (tus-js-client, loaded only when a manager
 * uploads): 8 MB at a time, retried after a dropped connection, and resumed where the server
 * got to when the same file is picked again after a reload (its fingerprint names the book).
 */
export interface UploadHandle {
  abort(): void;
}

export interface UploadCallbacks {
  onProgress(sent: number, total: number): void;
  onDone(jobId: string | null): void;
  onError(message: string): void;
}

const CHUNK_BYTES = 8 * 1024 * 1024;

/** The envelope's message of a refusal, else a generic one. */
function messageOf(err: Error & { originalResponse?: { getBody(): string; getStatus(): number } | null }): string {
  const body = err.originalResponse?.getBody();
  if (body) {
    try {
      const parsed = JSON.parse(body) as { msg?: string };
      if (parsed.msg) return parsed.msg;
    } catch {
      // tus's own plain-text answers
    }
    if (err.originalResponse?.getStatus() === 413) return '文件太大';
  }
  return '上传中断，请检查网络后重新选择同一文件继续上传';
}

export async function startResumableUpload(
  file: File,
  bookId: string,
  callbacks: UploadCallbacks,
): Promise<UploadHandle> {
  const { Upload } = await import('tus-js-client');
  const upload = new Upload(file, {
    endpoint: new URL('/api/manage/uploads', window.location.origin).href,
    chunkSize: CHUNK_BYTES,
    retryDelays: [0, 1000, 3000, 5000, 10000, 20000, 30000],
    metadata: { filename: file.name, filetype: file.type, bookId, title: file.name.replace(/\.[^.]*$/, '') },
    fingerprint: async (f: File) => ['anxun', bookId, f.name, f.size, f.lastModified].join(':'),
    removeFingerprintOnSuccess: true,
    // the token of the moment: an upload can outlast one access token
    onBeforeRequest: (req) => {
      req.setHeader('Authorization', currentToken() ?? '');
    },
    onProgress: (sent, total) => callbacks.onProgress(sent, total),
    onSuccess: ({ lastResponse }) => callbacks.onDone(lastResponse.getHeader('Upload-Job-Id') ?? null),
    onError: (err) => callbacks.onError(messageOf(err as Error & { originalResponse?: null })),
  });
  const previous = await upload.findPreviousUploads();
  if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
  upload.start();
  return { abort: () => void upload.abort(true) };
}
