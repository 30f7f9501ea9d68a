import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { WsCode } from '@anxun/shared/constants';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaTools, probe } from '../../infra/media.js';
import { DEMO_ADMIN } from '../../seed/demo-accounts.js';
import {
  addLearner,
  addOrganisation,
  connectWs,
  dialects,
  login,
  startServer,
  waitForSockets,
  type TestServer,
} from '../../../test/harness.js';

const RULES = {
  faceCheck: { enabled: false, atStart: false, atEnd: false, randomEveryMinutes: 0, windowSeconds: 120 },
  exam: { required: false, durationMinutes: 60, totalScore: 100, passScore: 60, retakes: 1 },
};

const tools = mediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-courseware-'));

/** A clip in a container and codecs no browser plays (AVI, MPEG-4 part 2 + MP2), made by the same ffmpeg. */
function makeClip(name: string, seconds: number, size = '320x240'): string {
  const file = path.join(work, name);
  execFileSync(tools.ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=${size}:rate=25`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'mpeg4',
    '-q:v',
    '5',
    '-c:a',
    'mp2',
    file,
  ]);
  return file;
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/**
 * Courseware from the browser (issue: Console II): a resumable tus upload that survives a
 * dropped connection, a durable job that turns any video into an MP4 every browser plays,
 * with its real duration and a poster; a clear failure for a file that is not a video; a job
 * cut off by a restart finishes after it; and the video only ever reaches enrolled learners
 * through the signed play URL.
 */
describe.each(dialects)('courseware upload and transcoding on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let dataDir: string;
  let schema: string | undefined;
  let admin: string;
  let otherAdmin: string;
  let bookId: string;
  let clip: Buffer;
  const as = (token = admin) => ({ Authorization: token });
  const call = (method: string, url: string, json?: unknown, token = admin) =>
    server.request(method, url, { ...(json === undefined ? {} : { json }), headers: as(token) });

  const tusHeaders = (token = admin) => ({ ...as(token), 'Tus-Resumable': '1.0.0' });
  const createUpload = (size: number, fileName: string, book = bookId, token = admin) =>
    fetch(`${server.baseUrl}/api/manage/uploads`, {
      method: 'POST',
      headers: {
        ...tusHeaders(token),
        'Upload-Length': String(size),
        'Upload-Metadata': `filename ${b64(fileName)},bookId ${b64(book)},title ${b64(fileName.replace(/\..*$/, ''))}`,
      },
    });
  const patch = (location: string, offset: number, bytes: Buffer, token = admin) =>
    fetch(server.baseUrl + location, {
      method: 'PATCH',
      headers: {
        ...tusHeaders(token),
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: bytes,
    });
  const offsetOf = async (location: string, token = admin) => {
    const res = await fetch(server.baseUrl + location, { method: 'HEAD', headers: tusHeaders(token) });
    return { status: res.status, offset: Number(res.headers.get('upload-offset')) };
  };
  /** Sends the first `count` bytes of a PATCH, then drops the connection, as a phone losing its network. */
  const patchThenDrop = (location: string, bytes: Buffer, count: number) =>
    new Promise<void>((resolve) => {
      const url = new URL(server.baseUrl + location);
      const req = http.request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'PATCH',
        headers: {
          ...tusHeaders(),
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(bytes.length),
        },
      });
      req.on('error', () => resolve());
      req.write(bytes.subarray(0, count), () => {
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 300);
      });
    });
  const uploadWhole = async (bytes: Buffer, fileName: string) => {
    const created = await createUpload(bytes.length, fileName);
    expect(created.status, await created.clone().text()).toBe(201);
    const done = await patch(created.headers.get('location')!, 0, bytes);
    expect(done.status, await done.clone().text()).toBe(204);
    return done.headers.get('upload-job-id')!;
  };
  const units = async () => (await call('GET', `/api/manage/course-books/${bookId}/units`)).body.data;
  const waitFor = async <T>(what: () => Promise<T | undefined>, label: string, ms = 60_000): Promise<T> => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const found = await what();
      if (found !== undefined) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${label}`);
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-test-'));
    schema = databaseUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
    // a 学时 of a minute: the test's clips are seconds long, and a book may not ask more than its units last
    server = await startServer({
      databaseUrl,
      dataDir,
      ...(schema ? { schema } : {}),
      env: { STUDY_HOUR_MINUTES: '1' },
    });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    await addOrganisation(server, '10017', '另一家单位');
    await addLearner(server, { account: 'other-admin17', password: 'other1234', role: 'admin', orgCode: '10017' });
    otherAdmin = (await login(server, 'other-admin17', 'other1234')).body.data.credentials.accessToken;
    const book = await call('POST', '/api/manage/course-books', { name: '起重吊装安全', classHours: 0.05 });
    bookId = book.body.data.courseBookId;
    clip = fs.readFileSync(makeClip('lifting.avi', 4));
  }, 120_000);
  afterAll(async () => {
    await server.close();
    if (schema && databaseUrl) {
      const { dropSchema } = await import('../../../test/harness.js');
      await dropSchema(databaseUrl, schema);
    }
  });

  it('resumes an upload after a dropped connection and turns an AVI into a web MP4 with its duration and poster', async () => {
    const ws = connectWs(server, admin);
    await ws.opened;
    await waitForSockets(server, 1);

    const created = await createUpload(clip.length, 'lifting.avi');
    expect(created.status, await created.text()).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/manage\/uploads\/[0-9a-f]+$/);

    await patchThenDrop(location, clip, Math.floor(clip.length / 2));
    const { status, offset } = await waitFor(async () => {
      const o = await offsetOf(location);
      return o.offset > 0 ? o : undefined;
    }, 'the stored part');
    expect(status).toBe(200);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(clip.length);

    const rest = await patch(location, offset, clip.subarray(offset));
    expect(rest.status, await rest.clone().text()).toBe(204);
    const jobId = rest.headers.get('upload-job-id');
    expect(jobId).toBeTruthy();

    const unit = await waitFor(async () => (await units()).units[0], 'the unit');
    expect(unit).toMatchObject({ title: 'lifting', kind: 'video', studiedBy: 0 });
    expect(unit.durationSeconds).toBeGreaterThan(3.8);
    expect(unit.durationSeconds).toBeLessThan(4.3);
    expect((await units()).uploads).toEqual([]);

    // the stored video: H.264 + AAC, its index (moov) before its data (mdat) so it plays while loading
    const vod = await server.ctx.db
      .selectFrom('course_warps as w')
      .innerJoin('vods as v', 'v.id', 'w.vod_id')
      .select(['v.id', 'v.storage_key', 'v.content_type', 'v.size'])
      .where('w.id', '=', unit.warpId)
      .executeTakeFirstOrThrow();
    const stored = path.join(dataDir, 'files', vod.storage_key);
    const info = await probe(tools, stored);
    expect(info?.video?.codec).toBe('h264');
    expect(info?.audio?.codec).toBe('aac');
    const head = fs
      .readFileSync(stored)
      .subarray(0, 64 * 1024)
      .toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
    expect(head.indexOf('moov')).toBeLessThan(Math.max(head.indexOf('mdat'), 0) || Infinity);
    expect(vod.content_type).toBe('video/mp4');
    expect(vod.size).toBe(fs.statSync(stored).size);
    // the original is gone once the unit exists
    expect(fs.readdirSync(path.join(dataDir, 'files', 'originals'))).toEqual([]);

    // the poster, through its signed URL only
    expect(unit.posterUrl).toMatch(/^\/api\/vod\/[0-9a-f-]+\/poster\?exp=\d+&sig=/);
    const poster = await fetch(server.baseUrl + unit.posterUrl);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect((await fetch(`${server.baseUrl}/api/vod/${vod.id}/poster?exp=9999999999&sig=forged`)).status).toBe(403);

    // the uploader saw it progress and finish, over the websocket
    type Progress = { code: number; data: { jobId: string; status: string; percent: number } };
    const done = await waitFor<Progress>(async () => {
      const all = ws.messages as Progress[];
      return all.find((m) => m.code === WsCode.JOB_PROGRESS && m.data.jobId === jobId && m.data.status === 'done');
    }, 'the done message');
    expect(done.data.percent).toBe(100);
    ws.socket.close();
  }, 120_000);

  it('refuses a file that is not a video by name, and fails a corrupt one with a clear message and no unit', async () => {
    const exe = await createUpload(100, 'setup.exe');
    expect(exe.status).toBe(415);
    expect(((await exe.json()) as { msg: string }).msg).toContain('请上传视频');
    // tus writes its answers itself: the API's headers go with them all the same
    expect(exe.headers.get('x-content-type-options')).toBe('nosniff');
    expect(exe.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const tooBig = await createUpload(server.ctx.config.media.uploadMaxBytes + 1, 'huge.mp4');
    expect(tooBig.status).toBe(413);

    const before = (await units()).units.length;
    // the same noise every run: ffprobe now and then finds a "stream" in fresh random bytes
    const noise = crypto.createHash('shake256', { outputLength: 50_000 }).update('not a video').digest();
    const jobId = await uploadWhole(noise, 'broken.mp4');
    const failed = await waitFor(async () => {
      const u = (await units()).uploads.find((x: { jobId: string }) => x.jobId === jobId);
      return u?.status === 'failed' ? u : undefined;
    }, 'the failure');
    expect(failed.error).toBe('文件不是视频或无法解码，请上传 MP4、MOV、AVI、MKV、WMV 或 FLV 格式的视频');
    expect((await units()).units.length).toBe(before);
    // kept until dismissed, then gone with its file
    expect(fs.readdirSync(path.join(dataDir, 'files', 'originals'))).toHaveLength(1);
    const dismissed = await call('DELETE', `/api/manage/course-uploads/${jobId}`);
    expect(dismissed.status, dismissed.text).toBe(200);
    expect(dismissed.body.data.uploads).toEqual([]);
    expect(fs.readdirSync(path.join(dataDir, 'files', 'originals'))).toEqual([]);
  }, 120_000);

  it('fails a picture or a playlist named .mp4 as not a video: ffmpeg opens no file the upload names', async () => {
    const picture = path.join(work, 'picture.png');
    execFileSync(tools.ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240',
      '-frames:v',
      '1',
      picture,
    ]);
    const clip = makeClip('server-only.avi', 2);
    const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n${clip}\n#EXT-X-ENDLIST\n`;
    const before = (await units()).units.length;
    for (const [body, name] of [
      [fs.readFileSync(picture), 'slide.mp4'],
      [Buffer.from(playlist), 'lesson.mp4'],
    ] as const) {
      const jobId = await uploadWhole(body, name);
      const failed = await waitFor(async () => {
        const u = (await units()).uploads.find((x: { jobId: string }) => x.jobId === jobId);
        return u?.status === 'failed' ? u : undefined;
      }, `the failure of ${name}`);
      expect(failed.error).toBe('文件不是视频或无法解码，请上传 MP4、MOV、AVI、MKV、WMV 或 FLV 格式的视频');
      expect((await call('DELETE', `/api/manage/course-uploads/${jobId}`)).status).toBe(200);
    }
    expect((await units()).units.length).toBe(before);
  }, 120_000);

  it('answers bad metadata and oversized documents with a clear refusal, never a 500', async () => {
    // a book id and a title with a NUL (PostgreSQL text cannot hold one)
    const nul = await fetch(`${server.baseUrl}/api/manage/uploads`, {
      method: 'POST',
      headers: {
        ...tusHeaders(),
        'Upload-Length': '1000',
        'Upload-Metadata': `filename ${b64('a.mp4')},bookId ${b64('a\u0000')}`,
      },
    });
    expect(nul.status).toBe(404);
    expect(((await nul.json()) as { msg: string }).msg).toBe('课程不存在');
    const titled = await fetch(`${server.baseUrl}/api/manage/uploads`, {
      method: 'POST',
      headers: {
        ...tusHeaders(),
        'Upload-Length': '1000',
        'Upload-Metadata': `filename ${b64('a\u0000b.mp4')},bookId ${b64(bookId)},title ${b64('标题\u0000')}`,
      },
    });
    expect(titled.status).toBe(201);
    // an empty file: said at once, no job made of it
    const jobsBefore = await server.ctx.db.selectFrom('jobs').select('id').execute();
    const empty = await createUpload(0, '空文件.mp4');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { msg: string }).msg).toBe('文件是空的（0 字节），请选择正确的文件');
    expect(await server.ctx.db.selectFrom('jobs').select('id').execute()).toEqual(jobsBefore);
    const bigDocument = await createUpload(201 * 1024 * 1024, '手册.pdf');
    expect(bigDocument.status).toBe(413);
    expect(((await bigDocument.json()) as { msg: string }).msg).toContain('200MB');
    // the upload protocol's own refusals (its English plain text) come in the envelope too
    const envelope = async (res: Response) => JSON.parse(await res.text()) as { code: number; msg: string };
    const badLength = await fetch(`${server.baseUrl}/api/manage/uploads`, {
      method: 'POST',
      headers: { ...tusHeaders(), 'Upload-Length': '-5', 'Upload-Metadata': `filename ${b64('a.mp4')}` },
    });
    expect(badLength.status).toBe(400);
    expect(await envelope(badLength)).toEqual({ code: 40000, msg: '上传请求有误，请重新选择文件上传', data: null });
    const noSuch = await fetch(`${server.baseUrl}/api/manage/uploads/..%2F..%2Fkeys%2Fsecret`, {
      method: 'PATCH',
      headers: { ...tusHeaders(), 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: 'x',
    });
    expect(noSuch.status).toBe(404);
    expect((await envelope(noSuch)).msg).toBe('没有这个上传，或它已过期，请重新上传');
    // an extension the server does not offer (a partial upload for concatenation) is a bad
    // request, not a server failure to retry
    const partial = await fetch(`${server.baseUrl}/api/manage/uploads`, {
      method: 'POST',
      headers: {
        ...tusHeaders(),
        'Upload-Length': '10',
        'Upload-Concat': 'partial',
        'Upload-Metadata': `filename ${b64('a.mp4')},bookId ${b64(bookId)}`,
      },
    });
    expect(partial.status).toBe(400);
    expect(await envelope(partial)).toMatchObject({ code: 40000, msg: '不支持这种上传方式，请用课件页的上传按钮上传' });
  });

  it('lets an organisation have ten uploads begun and not finished at once, not thirty of 2 GB each', async () => {
    const begun: string[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 12 && !refused; i++) {
      const res = await createUpload(2 * 1024 ** 3 - 1, `大文件${i}.mp4`);
      if (res.status === 201) begun.push(res.headers.get('location')!);
      else refused = res;
    }
    expect(refused?.status).toBe(429);
    expect(((await refused!.json()) as { msg: string }).msg).toBe(
      '未完成的上传已有10个：请先等它们传完或取消；中断的上传3天后自动清除',
    );
    expect(begun.length).toBeLessThanOrEqual(10);
    // cancelled (the page's 取消 terminates its upload), a place is free again
    for (const location of begun) {
      expect((await fetch(server.baseUrl + location, { method: 'DELETE', headers: tusHeaders() })).status).toBe(204);
    }
    const again = await createUpload(1000, '小文件.mp4');
    expect(again.status).toBe(201);
    await fetch(server.baseUrl + again.headers.get('location')!, { method: 'DELETE', headers: tusHeaders() });
  });

  it('refuses a video claiming more than six hours, and encodes a few frames spread over an hour and a half without filling the gaps', async () => {
    const sparse = (name: string, ptsStep: number) => {
      const file = path.join(work, name);
      execFileSync(tools.ffmpeg, [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=320x240:rate=25',
        '-frames:v',
        '20',
        '-vf',
        `setpts=N*${ptsStep}`,
        '-c:v',
        'mpeg4',
        file,
      ]);
      return fs.readFileSync(file);
    };
    // 20 frames whose timestamps claim 57,000 s: refused before any encoding
    const endless = await uploadWhole(sparse('endless.mkv', 75_000), 'endless.mkv');
    const refused = await waitFor(async () => {
      const u = (await units()).uploads.find((x: { jobId: string }) => x.jobId === endless);
      return u?.status === 'failed' ? u : undefined;
    }, 'the refusal');
    expect(refused.error).toBe('视频超过6小时，请剪辑或分段后上传');
    await call('DELETE', `/api/manage/course-uploads/${endless}`);
    // 20 frames over 5,700 s: done in moments (filling the gaps would mean 142,500 frames)
    await uploadWhole(sparse('sparse.mkv', 7_500), 'sparse.mkv');
    const unit = await waitFor(
      async () => (await units()).units.find((u: { title: string }) => u.title === 'sparse'),
      'the sparse unit',
      30_000,
    );
    expect(unit.durationSeconds).toBeGreaterThan(5_600);
    await call('DELETE', `/api/manage/course-units/${unit.warpId}`);
    // written to a pipe, a Matroska file states no length: it is still encoded whole
    const piped = execFileSync(
      tools.ffmpeg,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=duration=12:size=160x120:rate=10',
        '-c:v',
        'mpeg4',
        '-f',
        'matroska',
        'pipe:1',
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    expect(
      (
        await probe(
          tools,
          await (async () => {
            const file = path.join(work, 'piped.mkv');
            fs.writeFileSync(file, piped);
            return file;
          })(),
        )
      )?.durationSeconds,
    ).toBe(0);
    await uploadWhole(piped, 'piped.mkv');
    const whole = await waitFor(
      async () => (await units()).units.find((u: { title: string }) => u.title === 'piped'),
      'the piped unit',
      30_000,
    );
    expect(whole.durationSeconds).toBeGreaterThan(11);
    await call('DELETE', `/api/manage/course-units/${whole.warpId}`);
  }, 120_000);

  it("keeps another organisation out of the uploads and units, and a learner out of the console's", async () => {
    const created = await createUpload(clip.length, 'other.avi');
    const location = created.headers.get('location')!;
    expect((await offsetOf(location, otherAdmin)).status).toBe(404);
    expect((await patch(location, 0, clip, otherAdmin)).status).toBe(404);
    expect((await createUpload(clip.length, 'mine.avi', bookId, otherAdmin)).status).toBe(404);
    expect((await call('GET', `/api/manage/course-books/${bookId}/units`, undefined, otherAdmin)).status).toBe(404);
    const unit = (await units()).units[0];
    expect((await call('PUT', `/api/manage/course-units/${unit.warpId}`, { title: 'x' }, otherAdmin)).status).toBe(404);
    expect((await call('DELETE', `/api/manage/course-units/${unit.warpId}`, undefined, otherAdmin)).status).toBe(404);
    const anonymous = await fetch(`${server.baseUrl}/api/manage/uploads`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' },
    });
    expect(anonymous.status).toBe(401);
    await fetch(server.baseUrl + location, { method: 'DELETE', headers: tusHeaders() });
  });

  it('plays only through the signed URL, for learners of a class that has the book; a later unit reaches them', async () => {
    expect((await call('POST', `/api/manage/course-books/${bookId}/publish`)).status).toBe(200);
    const cls = await call('POST', '/api/manage/classes', { name: '吊装班', bookIds: [bookId], rules: RULES });
    expect(cls.status, cls.text).toBe(200);
    const memberId = await addLearner(server, { account: 'rigger', password: 'rigger1234' });
    await addLearner(server, { account: 'outsider', password: 'outsider1234' });
    const enrol = await call('POST', `/api/manage/classes/${cls.body.data.id}/enrol`, { personIds: [memberId] });
    expect(enrol.status, enrol.text).toBe(200);
    const member = (await login(server, 'rigger', 'rigger1234')).body.data.credentials.accessToken;
    const outsider = (await login(server, 'outsider', 'outsider1234')).body.data.credentials.accessToken;

    const mine = (token: string) =>
      server.request('POST', '/api/train/cls_Warp/find-WarpCourse', {
        json: { courseBookId: bookId },
        headers: as(token),
      });
    const records = (await mine(member)).body.data as Array<{
      playUrl: string;
      vodId: string;
      trainWarpCourseId: string;
    }>;
    expect(records).toHaveLength(1);
    const bytes = await fetch(server.baseUrl + records[0]!.playUrl, { headers: { Range: 'bytes=0-99' } });
    expect(bytes.status).toBe(206);
    expect(bytes.headers.get('content-type')).toBe('video/mp4');

    // the outsider has no record and no URL; the bytes have no public path and no unsigned route
    expect((await mine(outsider)).body.data).toEqual([]);
    const vodId = records[0]!.vodId;
    const key = (
      await server.ctx.db.selectFrom('vods').select('storage_key').where('id', '=', vodId).executeTakeFirstOrThrow()
    ).storage_key;
    for (const url of [
      `/api/vod/${vodId}`,
      `/${key}`,
      `/files/${key}`,
      `/data/files/${key}`,
      `/api/vod/${vodId}?exp=9999999999&sig=x`,
    ]) {
      const res = await fetch(server.baseUrl + url, { headers: as(outsider) });
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('content-type') ?? '', url).not.toContain('video');
    }

    // a unit added to a book in use reaches its members as a blank record
    await uploadWhole(clip, 'second.avi');
    await waitFor(async () => ((await units()).units.length === 2 ? true : undefined), 'the second unit');
    expect(((await mine(member)).body.data as unknown[]).length).toBe(2);
  }, 120_000);

  it('orders, renames and removes units, but keeps a unit a learner has studied', async () => {
    const [first, second] = (await units()).units as Array<{ warpId: string; title: string }>;
    const wrong = await call('PUT', `/api/manage/course-books/${bookId}/units/order`, { warpIds: [first!.warpId] });
    expect(wrong.status).toBe(400);
    const ordered = await call('PUT', `/api/manage/course-books/${bookId}/units/order`, {
      warpIds: [second!.warpId, first!.warpId],
    });
    expect(ordered.body.data.units.map((u: { warpId: string }) => u.warpId)).toEqual([second!.warpId, first!.warpId]);
    const renamed = await call('PUT', `/api/manage/course-units/${second!.warpId}`, { title: '第一节 吊索具检查' });
    expect(renamed.body.data.units[0].title).toBe('第一节 吊索具检查');

    // somebody started the first unit: it stays
    await server.ctx.db
      .updateTable('train_warp_courses')
      .set({ study_count: 1, start_time: Date.now() })
      .where('warp_id', '=', first!.warpId)
      .execute();
    const kept = await call('DELETE', `/api/manage/course-units/${first!.warpId}`);
    expect(kept.status).toBe(409);
    expect(kept.body.msg).toBe('已有学员学习过这个课件，不能删除');
    const removed = await call('DELETE', `/api/manage/course-units/${second!.warpId}`);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.data.units.map((u: { warpId: string }) => u.warpId)).toEqual([first!.warpId]);
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'ip'])
      .where('target_id', '=', bookId)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'course-unit.upload',
        'course-unit.create',
        'course-unit.reorder',
        'course-unit.rename',
        'course-unit.delete',
      ]),
    );
    // the unit the job made is filed with the upload's address, as the upload is
    const made = audit.filter((a) => a.action === 'course-unit.create');
    expect(made.length).toBeGreaterThan(0);
    expect(made.every((a) => a.ip === audit.find((u) => u.action === 'course-unit.upload')!.ip && a.ip)).toBe(true);
  });

  it('makes a PDF a document unit read page by page, refuses a damaged one and, without LibreOffice, slides', async () => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((r) => doc.on('end', r));
    for (const text of ['1. Test the air', '2. Ventilate', '3. Keep a watcher']) doc.addPage().fontSize(20).text(text);
    doc.end();
    await ended;
    const pdf = Buffer.concat(chunks);
    await uploadWhole(pdf, '受限空间作业规程.pdf');
    const unit = await waitFor(
      async () => (await units()).units.find((u: { kind: string }) => u.kind === 'document'),
      'the document unit',
    );
    const perPage = server.ctx.config.media.documentSecondsPerPage;
    expect(unit).toMatchObject({
      title: '受限空间作业规程',
      pageCount: 3,
      durationSeconds: 3 * perPage,
      posterUrl: null,
    });

    // a learner of the class gets it with its pages and the time each needs, through the signed URL
    const member = (await login(server, 'rigger', 'rigger1234')).body.data.credentials.accessToken;
    const records = (
      await server.request('POST', '/api/train/cls_Warp/find-WarpCourse', {
        json: { courseBookId: bookId },
        headers: as(member),
      })
    ).body.data as Array<{ kind: string; pageCount: number; secondsPerPage: number; playUrl: string }>;
    const reading = records.find((r) => r.kind === 'document')!;
    expect(reading).toMatchObject({ pageCount: 3, secondsPerPage: perPage });
    const bytes = await fetch(server.baseUrl + reading.playUrl);
    expect(bytes.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await bytes.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const damaged = await uploadWhole(Buffer.concat([pdf.subarray(0, 20), crypto.randomBytes(4000)]), '损坏.pdf');
    const failed = await waitFor(async () => {
      const u = (await units()).uploads.find((x: { jobId: string }) => x.jobId === damaged);
      return u?.status === 'failed' ? u : undefined;
    }, 'the failure');
    expect(failed.error).toBe('文件不是有效的 PDF（可能已损坏或加密），请检查后重新上传');
    await call('DELETE', `/api/manage/course-uploads/${damaged}`);

    // a 100 KB file whose cross-reference table claims 30 million entries: pdf.js built an
    // object for each on the server's thread until the process died. Its reader stops now,
    // the server answers meanwhile, and the upload is refused as no PDF
    const entries = 30_000_000;
    const table = zlib.deflateSync(Buffer.alloc(entries * 3));
    const head =
      '%PDF-1.5\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 9 9]>>endobj\n';
    const bomb = Buffer.concat([
      Buffer.from(head),
      Buffer.from(
        `4 0 obj<</Type/XRef/Size ${entries}/W[1 1 1]/Root 1 0 R/Filter/FlateDecode/Length ${table.length}>>stream\n`,
      ),
      table,
      Buffer.from(`\nendstream endobj\nstartxref\n${head.length}\n%%EOF\n`),
    ]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const heavy = await uploadWhole(bomb, '超大目录.pdf');
    let answered = 0;
    const refused = await waitFor(async () => {
      answered += (await server.request('GET', '/api/health/live')).status === 200 ? 1 : 0;
      const u = (await units()).uploads.find((x: { jobId: string }) => x.jobId === heavy);
      return u?.status === 'failed' ? u : undefined;
    }, 'the refusal');
    expect(refused.error).toBe('文件不是有效的 PDF（可能已损坏或加密），请检查后重新上传');
    expect(answered).toBeGreaterThan(0);
    expect(process.memoryUsage().rss).toBeLessThan(3 * 1024 ** 3);
    await call('DELETE', `/api/manage/course-uploads/${heavy}`);
    // few entries, each a megabyte wide: the table unpacks to 300 MB, in buffers outside any
    // heap limit (gigabytes, made bigger) — refused before pdf.js decodes it
    const wide = zlib.deflateSync(Buffer.alloc(300 * (2 + 1024 * 1024)));
    const deep = Buffer.concat([
      Buffer.from(head),
      Buffer.from(
        `4 0 obj<</Type/XRef/Size 300/W[1 1 1048576]/Root 1 0 R/Filter/FlateDecode/Length ${wide.length}>>stream\n`,
      ),
      wide,
      Buffer.from(`\nendstream endobj\nstartxref\n${head.length}\n%%EOF\n`),
    ]);
    const unpacked = await uploadWhole(deep, '超大表.pdf');
    const refusedToo = await waitFor(async () => {
      const u = (await units()).uploads.find((x: { jobId: string }) => x.jobId === unpacked);
      return u?.status === 'failed' ? u : undefined;
    }, 'the second refusal');
    expect(refusedToo.error).toBe('文件不是有效的 PDF（可能已损坏或加密），请检查后重新上传');
    await call('DELETE', `/api/manage/course-uploads/${unpacked}`);

    if (!(await units()).acceptsOffice) {
      const slides = await createUpload(1000, '培训课件.pptx');
      expect(slides.status).toBe(415);
      expect(((await slides.json()) as { msg: string }).msg).toBe(
        '暂不能直接上传 PPT/Word 文件，请先另存为 PDF 再上传',
      );
    }
  }, 120_000);

  it('finishes a job cut off by a restart, and one whose node died', async () => {
    const long = fs.readFileSync(makeClip('long.avi', 40, '640x480'));
    const jobId = await uploadWhole(long, 'long.avi');
    await waitFor(async () => {
      const job = await server.ctx.db
        .selectFrom('jobs')
        .select(['status', 'percent'])
        .where('id', '=', jobId)
        .executeTakeFirst();
      return job?.status === 'running' && job.percent > 0 ? true : undefined;
    }, 'the job to be under way');
    await server.close();
    const stopped = await (
      await import('../../infra/database.js')
    ).openDatabase({
      ...server.ctx.config,
    });
    const row = await stopped.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    // a stop is not the job's fault: back in the queue, the attempt not counted
    expect(row).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });
    // …and now as if the node had died while holding it: its claim lapsed a moment ago
    await stopped.db
      .updateTable('jobs')
      .set({ status: 'running', locked_by: 'a-node-that-died', lease_until: Date.now() - 1, attempts: 1 })
      .where('id', '=', jobId)
      .execute();
    await stopped.close();

    // a 学时 of a minute: the test's clips are seconds long, and a book may not ask more than its units last
    server = await startServer({
      databaseUrl,
      dataDir,
      ...(schema ? { schema } : {}),
      env: { STUDY_HOUR_MINUTES: '1' },
    });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const unit = await waitFor(
      async () => (await units()).units.find((u: { title: string }) => u.title === 'long'),
      'the unit',
      90_000,
    );
    expect(unit.durationSeconds).toBeGreaterThan(39.5);
    expect(unit.durationSeconds).toBeLessThan(40.5);
    const job = await server.ctx.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'done', attempts: 2, percent: 100 });
  }, 180_000);
});
