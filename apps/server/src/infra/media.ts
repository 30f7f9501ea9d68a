import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import os from 'node:os';

/**
 * ffmpeg and ffprobe: the binaries named by FFMPEG_PATH / FFPROBE_PATH, else the ones shipped
 * inside @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe (so `npm ci` is the whole
 * set-up). Every call is a child process with arguments, never a shell line.
 */

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

const require = createRequire(import.meta.url);

export function mediaTools(config: { ffmpegPath: string | undefined; ffprobePath: string | undefined }): MediaTools {
  const ffmpeg = config.ffmpegPath ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const ffprobe = config.ffprobePath ?? (require('@ffprobe-installer/ffprobe') as { path: string }).path;
  for (const binary of [ffmpeg, ffprobe]) {
    // npm may install a package's binary without its execute bit when install scripts are off
    try {
      fs.accessSync(binary, fs.constants.X_OK);
    } catch {
      fs.chmodSync(binary, 0o755);
    }
  }
  return { ffmpeg, ffprobe };
}

export interface ProbeResult {
  durationSeconds: number;
  video: { codec: string; width: number; height: number } | undefined;
  audio: { codec: string } | undefined;
  formatName: string;
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A tool ran past its time: the input is pathological (or the machine far too slow for it). */
export class MediaTimeoutError extends Error {
  constructor(binary: string, ms: number) {
    super(`${path.basename(binary)} ran past ${Math.round(ms / 1000)} s`);
  }
}

/**
 * One run of a tool, killed with its whole process group (LibreOffice starts children of its
 * own) when the job stops or the run passes `timeoutMs`.
 */
function run(
  binary: string,
  args: string[],
  signal: AbortSignal | undefined,
  timeoutMs: number,
  onStdout?: (chunk: string) => void,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let timedOut = false;
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, timeoutMs);
    signal?.addEventListener('abort', kill, { once: true });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (onStdout) onStdout(chunk);
      else stdout += chunk;
    });
    // keep only the tail of stderr: ffmpeg can write a lot
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8000);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', kill);
      if (signal?.aborted) reject(signal.reason);
      else if (timedOut) reject(new MediaTimeoutError(binary, timeoutMs));
      else resolve({ code, stdout, stderr });
    });
  });
}

const MINUTE = 60_000;

/** What is in a media file; undefined when ffprobe cannot read it at all. */
export async function probe(tools: MediaTools, file: string, signal?: AbortSignal): Promise<ProbeResult | undefined> {
  const res = await run(
    tools.ffprobe,
    // only the file itself: an older ffprobe (FFPROBE_PATH) may follow a playlist's entries
    [
      '-v',
      'error',
      '-protocol_whitelist',
      'file',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      `file:${file}`,
    ],
    signal,
    MINUTE,
  );
  if (res.code !== 0) return undefined;
  let parsed: {
    format?: { duration?: string; format_name?: string };
    streams?: Array<{
      codec_type?: string;
      codec_name?: string;
      width?: number;
      height?: number;
      disposition?: { attached_pic?: number };
    }>;
  };
  try {
    parsed = JSON.parse(res.stdout) as typeof parsed;
  } catch {
    return undefined;
  }
  const streams = parsed.streams ?? [];
  // a cover picture inside an audio file is a "video" stream of one frame: not a video
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = Number(parsed.format?.duration);
  return {
    durationSeconds: Number.isFinite(duration) ? duration : 0,
    video: video ? { codec: video.codec_name ?? '', width: video.width ?? 0, height: video.height ?? 0 } : undefined,
    audio: audio ? { codec: audio.codec_name ?? '' } : undefined,
    formatName: parsed.format?.format_name ?? '',
  };
}

/**
 * The containers a video upload may be read as, by ffprobe's name for them (`format_name`) →
 * the demuxer ffmpeg is told to use (`-f`). ffmpeg is never left to guess: a playlist (HLS,
 * concat, DASH) or an image sequence would have it open other files or URLs named inside the
 * upload — a local file of the server's read into a video, a request from inside the network —
 * and the shipped ffmpeg (a 2018 build) follows an HLS playlist whatever its name. Undefined:
 * not a container a learner's video comes in.
 */
const VIDEO_DEMUXERS: Record<string, string> = {
  'mov,mp4,m4a,3gp,3g2,mj2': 'mov',
  'matroska,webm': 'matroska',
  avi: 'avi',
  asf: 'asf',
  flv: 'flv',
  mpegts: 'mpegts',
  mpeg: 'mpeg',
  mpegvideo: 'mpegvideo',
  m4v: 'm4v',
  h264: 'h264',
  hevc: 'hevc',
};

export function videoDemuxer(formatName: string): string | undefined {
  return Object.hasOwn(VIDEO_DEMUXERS, formatName) ? VIDEO_DEMUXERS[formatName] : undefined;
}

/** Threads for one encode: leave a core to the server's requests. */
const encodeThreads = (): string => String(Math.max(1, os.availableParallelism() - 1));

/**
 * A video read with the demuxer `demuxer` (see `videoDemuxer`) → H.264 (yuv420p, at most 1280
 * px wide) + AAC stereo in an MP4 whose index comes first (`+faststart`: it plays while it
 * downloads). `onProgress` gets the share done, 0–1. Throws with ffmpeg's last lines when it fails.
 */
export async function transcodeToWebMp4(
  tools: MediaTools,
  input: { file: string; demuxer: string },
  output: string,
  durationSeconds: number,
  onProgress: (share: number) => void,
  signal: AbortSignal,
): Promise<void> {
  let pending = '';
  const res = await run(
    tools.ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      // read as the container it was probed as, and only from the file itself
      '-f',
      input.demuxer,
      '-protocol_whitelist',
      'file',
      '-i',
      `file:${input.file}`,
      // never past the measured length (when the container states one: a piped or live-recorded
      // file may not), and no frames made up to fill gaps in the timestamps (a file of a few
      // frames claiming hours would otherwise encode for hours)
      ...(durationSeconds > 0 ? ['-t', String(Math.ceil(durationSeconds) + 5)] : []),
      '-vsync',
      'vfr',
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-vf',
      "scale='trunc(min(1280,iw)/2)*2':-2",
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
      '-profile:v',
      'high',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-ac',
      '2',
      '-movflags',
      '+faststart',
      '-threads',
      encodeThreads(),
      '-progress',
      'pipe:1',
      '-nostats',
      output,
    ],
    signal,
    // generous for this machine's two cores (veryfast runs several times real time), yet a bound
    // (a file that states no length is given the time of the longest courseware taken, six hours)
    20 * MINUTE + 3 * (durationSeconds > 0 ? durationSeconds : 6 * 3600) * 1000,
    (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (m && durationSeconds > 0) onProgress(Math.min(1, Number(m[1]) / 1e6 / durationSeconds));
      }
    },
  );
  if (res.code !== 0)
    throw new Error(`ffmpeg exited with ${res.code}: ${res.stderr.trim().split('\n').slice(-3).join(' | ')}`);
}

/** A JPEG poster 640 px wide, from a moment a little into the video. */
export async function extractPoster(
  tools: MediaTools,
  video: string,
  output: string,
  durationSeconds: number,
  signal: AbortSignal,
): Promise<void> {
  const at = Math.min(5, durationSeconds * 0.1);
  const res = await run(
    tools.ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-ss',
      at.toFixed(2),
      // our own MP4 (transcodeToWebMp4's output), read as one
      '-f',
      'mov',
      '-i',
      `file:${video}`,
      '-frames:v',
      '1',
      '-vf',
      "scale='min(640,iw)':-2",
      '-q:v',
      '4',
      output,
    ],
    signal,
    2 * MINUTE,
  );
  if (res.code !== 0)
    throw new Error(`ffmpeg poster exited with ${res.code}: ${res.stderr.trim().split('\n').pop() ?? ''}`);
}

/** LibreOffice for turning slides and Word files into PDF: SOFFICE_PATH, else soffice on the PATH, else none. */
export function findSoffice(configured: string | undefined): string | undefined {
  if (configured) return configured;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    for (const name of ['soffice', 'libreoffice']) {
      const candidate = path.join(dir, name);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

/** A PPT/Word file → PDF in `outDir` by LibreOffice headless; the PDF's path. */
export async function convertToPdf(
  soffice: string,
  input: string,
  outDir: string,
  signal: AbortSignal,
): Promise<string> {
  // a profile of its own: a LibreOffice already running for someone else must not take the job
  const profile = `file://${path.join(outDir, 'lo-profile')}`;
  const res = await run(
    soffice,
    [`-env:UserInstallation=${profile}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', outDir, input],
    signal,
    5 * MINUTE,
  );
  const pdf = path.join(outDir, `${path.basename(input, path.extname(input))}.pdf`);
  if (res.code !== 0 || !fs.existsSync(pdf))
    throw new Error(`soffice exited with ${res.code}: ${res.stderr.slice(-300)}`);
  return pdf;
}
