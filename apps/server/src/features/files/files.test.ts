import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@anxun/shared/errors';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER } from '../../seed/demo-accounts.js';
import { addLearner, dialects, login, startServer, type TestServer } from '../../../test/harness.js';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function imageForm(data: Buffer, name: string, type = 'image/png'): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return form;
}

describe.each(dialects)('files on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let learner: { token: string; userId: string };
  let other: { token: string; userId: string };
  let admin: { token: string; orgId: string };

  const session = async (account: string, password: string) => {
    const res = await login(server, account, password);
    return {
      token: res.body.data.credentials.accessToken as string,
      userId: res.body.data.roles.userId as string,
      orgId: res.body.data.roles.sysEnterpriseId as string,
    };
  };
  const upload = (token: string, form: FormData, otcType = 'SysPhoto') =>
    server.request('POST', `/api/file/upload?otcType=${otcType}`, { body: form, headers: { Authorization: token } });

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    await addLearner(server, { account: 'other', password: 'other123' });
    learner = await session(DEMO_LEARNER.account, DEMO_LEARNER.password);
    other = await session('other', 'other123');
    admin = await session(DEMO_ADMIN.account, DEMO_ADMIN.password);
  });
  afterAll(() => server.close());

  it('uploads an avatar and serves it only through its signed URL', async () => {
    const res = await upload(learner.token, imageForm(PNG_1x1, 'me.png'));
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ otcId: learner.userId, otcType: 'SysPhoto', contentType: 'image/png' });

    const list = await server.request('GET', `/api/file/select?otcId=${learner.userId}&otcType=SysPhoto`, {
      headers: { Authorization: learner.token },
    });
    expect(list.body.data).toHaveLength(1);
    const filePath: string = list.body.data[0].filePath;
    const image = await fetch(server.baseUrl + filePath);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    // re-encoded (metadata gone), still the same one pixel
    const served = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(served).toMatchObject({ format: 'png', width: 1, height: 1 });

    // without a valid link the file is as good as missing: the same answer as for no file
    const unsigned = await server.request('GET', filePath.split('?')[0]!);
    expect(unsigned.status).toBe(404);
    const tampered = await server.request('GET', filePath.replace(/sig=[0-9a-f]+/, `sig=${'0'.repeat(64)}`));
    expect(tampered.status).toBe(404);
    const missing = await server.request('GET', `/api/file/view/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(tampered.body).toEqual(missing.body);

    const info = await server.request('GET', '/api/user/info', { headers: { Authorization: learner.token } });
    expect(info.body.data.avatar).toContain(`/api/file/view/${list.body.data[0].id}?exp=`);
  });

  it('a new avatar replaces the old one, bytes included', async () => {
    const first = await upload(learner.token, imageForm(PNG_1x1, 'one.png'));
    const list1 = await server.request('GET', `/api/file/select?otcId=${learner.userId}&otcType=SysPhoto`, {
      headers: { Authorization: learner.token },
    });
    const oldPath: string = list1.body.data.find((f: { id: string }) => f.id === first.body.data.id).filePath;
    await upload(learner.token, imageForm(PNG_1x1, 'two.png'));
    const list2 = await server.request('GET', `/api/file/select?otcId=${learner.userId}&otcType=SysPhoto`, {
      headers: { Authorization: learner.token },
    });
    expect(list2.body.data).toHaveLength(1);
    expect(list2.body.data[0].fileName).toBe('two.png');
    expect((await server.request('GET', oldPath)).status).toBe(404);
  });

  it("answers 404, not 500, when a file's bytes are gone", async () => {
    const res = await upload(other.token, imageForm(PNG_1x1, 'gone.png'));
    const row = await server.ctx.db
      .selectFrom('files')
      .select('storage_key')
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    await server.ctx.files.remove(row.storage_key);
    const gone = await server.request('GET', res.body.data.filePath);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it("keeps an admin of another organisation away from a learner's avatar", async () => {
    const now = Date.now();
    await server.ctx.db
      .insertInto('organisations')
      .values({ id: 'org-other', code: 'OTHER', name: '其他单位', logo_file_id: null, created_at: now })
      .execute();
    const adminId = await addLearner(server, { account: 'other-admin', password: 'admin-pass' });
    await server.ctx.db
      .updateTable('persons')
      .set({ org_id: 'org-other', role: 'admin' })
      .where('id', '=', adminId)
      .execute();
    const foreign = await session('other-admin', 'admin-pass');
    const list = await server.request('GET', `/api/file/select?otcId=${learner.userId}&otcType=SysPhoto`, {
      headers: { Authorization: foreign.token },
    });
    // another organisation's learner is not there for him: 404, as on every other route
    expect(list.status).toBe(404);
    const own = await server.request('GET', `/api/file/select?otcId=${learner.userId}&otcType=SysPhoto`, {
      headers: { Authorization: admin.token },
    });
    expect(own.status).toBe(200);
  });

  it("keeps another learner's avatar list out of reach", async () => {
    const res = await server.request('GET', `/api/file/select?otcId=${learner.userId}&otcType=SysPhoto`, {
      headers: { Authorization: other.token },
    });
    expect(res.status).toBe(403);
    const anonymous = await server.request('GET', `/api/file/select?otcId=${learner.userId}&otcType=SysPhoto`);
    expect(anonymous.status).toBe(401);
  });

  it('checks the type by content, not by name, and limits the size', async () => {
    const fake = await upload(learner.token, imageForm(Buffer.from('<?php echo 1; ?>'), 'evil.png'));
    expect(fake.status).toBe(415);
    expect(fake.body.code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(3 * 1024 * 1024)]);
    const tooBig = await upload(learner.token, imageForm(big, 'big.png'));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
    const notMultipart = await server.request('POST', '/api/file/upload', {
      json: { file: 'x' },
      headers: { Authorization: learner.token },
    });
    expect(notMultipart.status).toBe(415);
    const anonymous = await server.request('POST', '/api/file/upload', { body: imageForm(PNG_1x1, 'a.png') });
    expect(anonymous.status).toBe(401);
  });

  it('lets only the owner or an admin delete a file', async () => {
    const res = await upload(other.token, imageForm(PNG_1x1, 'other.png'));
    const id: string = res.body.data.id;
    const byLearner = await server.request('DELETE', `/api/file/delete?id=${id}`, {
      headers: { Authorization: learner.token },
    });
    // someone else's file answers as a missing one does
    expect(byLearner.status).toBe(404);
    const missing = await server.request('DELETE', `/api/file/delete?id=${crypto.randomUUID()}`, {
      headers: { Authorization: learner.token },
    });
    expect(byLearner.body).toEqual(missing.body);
    const byOwner = await server.request('DELETE', `/api/file/delete?id=${id}`, {
      headers: { Authorization: other.token },
    });
    expect(byOwner.body.code).toBe(200);
    const gone = await server.request('DELETE', `/api/file/delete?id=${id}`, {
      headers: { Authorization: other.token },
    });
    expect(gone.status).toBe(404);
    const info = await server.request('GET', '/api/user/info', { headers: { Authorization: other.token } });
    expect(info.body.data.avatar).toBeNull();
  });

  it('lets an admin set the organisation logo, which anyone can load', async () => {
    const denied = await upload(learner.token, imageForm(PNG_1x1, 'logo.png'), 'LogoFiles');
    expect(denied.status).toBe(403);
    const res = await upload(admin.token, imageForm(PNG_1x1, 'logo.png'), 'LogoFiles');
    expect(res.body.code).toBe(200);
    const list = await server.request('GET', `/api/file/select?otcId=${admin.orgId}&otcType=LogoFiles`);
    expect(list.body.data[0].filePath).toBe(`/api/file/view/${res.body.data.id}`);
    const org = await server.request('GET', '/api/base/baseorg/select-code/00000');
    expect(org.body.data.logoUrl).toBe(`/api/file/view/${res.body.data.id}`);
    const logo = await fetch(server.baseUrl + org.body.data.logoUrl);
    expect(logo.status).toBe(200);
    // removing it is recorded like setting it: 操作日志 says who took the logo off
    const removed = await server.request('DELETE', `/api/file/delete?id=${res.body.data.id}`, {
      headers: { Authorization: admin.token },
    });
    expect(removed.status).toBe(200);
    const audit = await server.request('GET', '/api/manage/audit?current=1&size=5', {
      headers: { Authorization: admin.token },
    });
    expect(audit.body.data.records[0]).toMatchObject({
      action: 'organisation.logo-remove',
      targetType: 'organisation',
      targetId: admin.orgId,
      summary: { before: { fileName: 'logo.png' } },
    });
    expect((await server.request('GET', '/api/base/baseorg/select-code/00000')).body.data.logoUrl).toBeNull();
  });

  it('rejects a bad file type query', async () => {
    const res = await server.request('GET', '/api/file/select?otcId=x&otcType=Passwords');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCode.BAD_REQUEST);
  });
});

describe('uploaded images', () => {
  let server: TestServer;
  let token: string;
  let personId: string;
  beforeAll(async () => {
    server = await startServer();
    personId = await addLearner(server, { account: 'pictured', password: 'pictured123' });
    token = (await login(server, 'pictured', 'pictured123')).body.data.credentials.accessToken;
  });
  afterAll(() => server.close());
  const send = (data: Buffer, name: string, otcType = 'SysPhoto') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), name);
    return server.request('POST', `/api/file/upload?otcType=${otcType}`, {
      body: form,
      headers: { Authorization: token },
    });
  };

  it('refuses a picture too large to decode safely, and scales a large one down, named by its type', async () => {
    // 12000 × 12000, one colour: small on the wire, 576 MB once decoded
    const huge = await sharp({ create: { width: 12000, height: 12000, channels: 3, background: '#336699' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(2 * 1024 * 1024);
    const refused = await send(huge, 'huge.png');
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.msg).toContain('图片尺寸过大');

    const large = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#996633' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Make: 'anxun-test-camera' } } })
      .toBuffer();
    const res = await send(large, 'poly.html');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ fileName: 'poly.jpg', contentType: 'image/jpeg' });
    const stored = await fetch(server.baseUrl + res.body.data.filePath);
    const bytes = Buffer.from(await stored.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(1024);
    expect(meta.exif).toBeUndefined();
    const row = await server.ctx.db
      .selectFrom('files')
      .select('storage_key')
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(/\.jpg$/);
  });

  it('keeps one avatar when ten uploads race', async () => {
    const pictures = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        sharp({
          create: { width: 40, height: 40, channels: 3, background: `#${(i * 25).toString(16).padStart(2, '0')}3366` },
        })
          .png()
          .toBuffer(),
      ),
    );
    const answers = await Promise.all(pictures.map((p, i) => send(p, `me-${i}.png`)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const rows = await server.ctx.db
      .selectFrom('files')
      .select(['id', 'storage_key'])
      .where('otc_id', '=', personId)
      .where('otc_type', '=', 'SysPhoto')
      .execute();
    expect(rows).toHaveLength(1);
    const person = await server.ctx.db
      .selectFrom('persons')
      .select('avatar_file_id')
      .where('id', '=', personId)
      .executeTakeFirstOrThrow();
    expect(person.avatar_file_id).toBe(rows[0]!.id);
    // and one file on disk
    const dir = path.join(server.ctx.config.dataDir, 'files', 'sysphoto');
    const onDisk = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    expect(onDisk.filter((f) => f.startsWith(rows[0]!.id))).toHaveLength(1);
    expect(onDisk).toHaveLength(1);
  });
});
