// Generates the demo courseware videos from content.json: a slide with the unit's key
// points and a Mandarin narration (espeak-ng), encoded small (640×360 H.264 + AAC mono,
// faststart) so the files can live in the repository. Needs ffmpeg, ffprobe, espeak-ng and
// fonts-noto-cjk (Debian packages). Run once after changing content.json:
//   node scripts/courseware/make-courseware.mjs
// Output: apps/server/src/seed/courseware/<book>/<n>.mp4 and manifest.json (durations).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '../../apps/server/src/seed/courseware');
const font = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const boldFont = '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc';
const { books } = JSON.parse(fs.readFileSync(path.join(here, 'content.json'), 'utf8'));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'courseware-'));

const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
const probeSeconds = (file) =>
  Number(run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).trim());

const manifest = { books: [] };
for (const book of books) {
  fs.mkdirSync(path.join(out, book.key), { recursive: true });
  const units = [];
  for (const [i, unit] of book.units.entries()) {
    const wav = path.join(tmp, `${book.key}-${i}.wav`);
    run('espeak-ng', ['-v', 'cmn', '-s', '170', '-w', wav, unit.narration]);
    const speech = probeSeconds(wav);
    const duration = Math.ceil(speech + 1.5);
    const [title, ...points] = unit.lines;
    const titleFile = path.join(tmp, `${book.key}-${i}-title.txt`);
    const pointsFile = path.join(tmp, `${book.key}-${i}-points.txt`);
    fs.writeFileSync(titleFile, title);
    fs.writeFileSync(pointsFile, points.join('\n'));
    const bookFile = path.join(tmp, `${book.key}-name.txt`);
    fs.writeFileSync(bookFile, `${book.name} · 第${i + 1}讲`);
    const file = path.join(out, book.key, `${i + 1}.mp4`);
    const filter = [
      `drawbox=x=0:y=0:w=iw:h=70:color=${book.colour}:t=fill`,
      `drawtext=fontfile=${font}:textfile=${bookFile}:fontcolor=white:fontsize=22:x=24:y=24`,
      `drawtext=fontfile=${boldFont}:textfile=${titleFile}:fontcolor=0x1F2D3D:fontsize=36:x=(w-tw)/2:y=110`,
      `drawtext=fontfile=${font}:textfile=${pointsFile}:fontcolor=0x34495E:fontsize=24:line_spacing=18:x=(w-tw)/2:y=190`,
      `drawbox=x=0:y=ih-8:w=iw:h=8:color=${book.colour}:t=fill`,
    ].join(',');
    run('ffmpeg', [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `color=c=0xF4F6F9:s=640x360:r=15:d=${duration}`,
      '-i',
      wav,
      '-filter_complex',
      `[0:v]${filter}[v];[1:a]apad[a]`,
      '-map',
      '[v]',
      '-map',
      '[a]',
      '-t',
      String(duration),
      '-c:v',
      'libx264',
      '-profile:v',
      'baseline',
      '-pix_fmt',
      'yuv420p',
      '-crf',
      '30',
      '-preset',
      'veryslow',
      '-c:a',
      'aac',
      '-b:a',
      '40k',
      '-ac',
      '1',
      '-movflags',
      '+faststart',
      file,
    ]);
    units.push({ title: unit.title, file: `${book.key}/${i + 1}.mp4`, durationSeconds: probeSeconds(file) });
    console.log(`${file}: ${duration} s, ${(fs.statSync(file).size / 1024).toFixed(0)} KB`);
  }
  manifest.books.push({
    key: book.key,
    name: book.name,
    intro: book.intro,
    teachers: book.teachers,
    hours: book.hours,
    units,
  });
}
fs.writeFileSync(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
fs.rmSync(tmp, { recursive: true, force: true });
