import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaTools, probe, transcodeToWebMp4, videoDemuxer } from './media.js';

const tools = mediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-media-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A file only the server has (a clip standing for its secrets), and an upload that names it. */
function playlistNaming(target: string, name: string): string {
  const file = path.join(work, name);
  fs.writeFileSync(file, `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n${target}\n#EXT-X-ENDLIST\n`);
  return file;
}

describe('ffmpeg reads an upload as what it was probed as, nothing it names', () => {
  it('does not follow a playlist uploaded as a video to a file of the server', async () => {
    const secret = path.join(work, 'server-only.ts');
    execFileSync(tools.ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=2:size=160x120:rate=10',
      '-c:v',
      'libx264',
      secret,
    ]);
    const upload = playlistNaming(secret, 'lesson.mp4');
    const output = path.join(work, 'out.mp4');
    // what the upload's name claims: an MP4 — read as one, the playlist is no video at all
    await expect(
      transcodeToWebMp4(
        tools,
        { file: upload, demuxer: 'mov' },
        output,
        2,
        () => undefined,
        new AbortController().signal,
      ),
    ).rejects.toThrow(/ffmpeg exited/);
    expect(fs.existsSync(output) && fs.statSync(output).size > 0).toBe(false);
    // and the containers that name other files are none a video upload may be read as
    for (const format of ['hls', 'concat', 'dash', 'image2', 'png_pipe', 'tty', 'lavfi']) {
      expect(videoDemuxer(format)).toBeUndefined();
    }
    expect(videoDemuxer('toString')).toBeUndefined();
  }, 60_000);

  // (not MPEG-TS: the shipped ffprobe crashes on it, and uploads refuse .ts by name)
  it('reads the containers learners upload', async () => {
    for (const [ext, args] of [
      ['mp4', ['-c:v', 'libx264']],
      ['mkv', ['-c:v', 'libx264']],
      ['avi', ['-c:v', 'mpeg4']],
      ['wmv', ['-c:v', 'wmv2']],
      ['flv', ['-c:v', 'flv']],
      ['mpg', ['-c:v', 'mpeg2video']],
      ['webm', ['-c:v', 'libvpx']],
      ['3gp', ['-c:v', 'libx264']],
    ] as const) {
      const clip = path.join(work, `clip.${ext}`);
      execFileSync(tools.ffmpeg, [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc=duration=1:size=160x120:rate=10',
        ...args,
        clip,
      ]);
      const probed = await probe(tools, clip);
      const demuxer = videoDemuxer(probed?.formatName ?? '');
      expect(demuxer, `${ext}: ${probed?.formatName}`).toBeDefined();
      const output = path.join(work, `from-${ext}.mp4`);
      await transcodeToWebMp4(
        tools,
        { file: clip, demuxer: demuxer ?? '' },
        output,
        1,
        () => undefined,
        new AbortController().signal,
      );
      expect((await probe(tools, output))?.video?.codec).toBe('h264');
    }
  }, 120_000);
});
