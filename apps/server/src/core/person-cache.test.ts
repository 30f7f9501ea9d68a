import { LEARNER_IMPORT_COLUMNS } from '@anxun/shared/schemas/learners';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../seed/demo-accounts.js';
import { addLearner, dialects, login, setIdCard, startServer, type TestServer } from '../../test/harness.js';
import { EpochCache } from './epoch-cache.js';

/**
 * "Who am I" (`/api/user/info`, asked on every page load) is answered from the node's cache;
 * whatever changes who a person is shows in the very next answer.
 */
describe.each(dialects)('who am I, cached, on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let admin: string;
  let learner: { id: string; token: string };
  const as = (token: string) => ({ Authorization: token });
  const info = async () => (await server.request('GET', '/api/user/info', { headers: as(learner.token) })).body.data;
  /** Changes the row behind the server's back: only a cached answer still shows the old name. */
  const renameInDatabase = (name: string) =>
    server.ctx.db.updateTable('persons').set({ name }).where('id', '=', learner.id).execute();

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const id = await addLearner(server, { account: 'cached-me', password: 'cached123' });
    await setIdCard(server, id, '11010519491231002X');
    learner = { id, token: (await login(server, 'cached-me', 'cached123')).body.data.credentials.accessToken };
  });
  afterAll(() => server.close());

  it('answers from the cache, and a manager’s rename shows at the next request', async () => {
    expect(await info()).toMatchObject({ userName: 'cached-me', idCard: '110***********002X', avatar: null });
    await renameInDatabase('not through the service');
    expect((await info()).userName).toBe('cached-me'); // the cached answer: no database read

    const renamed = await server.request('PUT', `/api/manage/learners/${learner.id}`, {
      json: { name: '张安全' },
      headers: as(admin),
    });
    expect(renamed.status).toBe(200);
    expect((await info()).userName).toBe('张安全');
  });

  it('a new avatar shows at the next request, and its removal too', async () => {
    await info(); // cached
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const uploaded = await server.request('POST', '/api/file/upload?otcType=SysPhoto', {
      body: form,
      headers: as(learner.token),
    });
    expect(uploaded.status).toBe(200);
    const avatar = (await info()).avatar as string;
    expect(avatar).toMatch(new RegExp(`^/api/file/view/${uploaded.body.data.id}\\?exp=\\d+&sig=`));
    expect((await server.request('GET', avatar)).status).toBe(200); // the link is signed and works

    const removed = await server.request('DELETE', `/api/file/delete?id=${uploaded.body.data.id}`, {
      headers: as(learner.token),
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await info()).avatar).toBeNull();
  });

  it('a name changed by a learner import shows at the next request', async () => {
    await info();
    await renameInDatabase('still cached');
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('学员');
    ws.addRow([...LEARNER_IMPORT_COLUMNS]);
    ws.addRow(['李导入', '11010519491231002X', '', '', '', '', '']);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), 'learners.xlsx');
    const imported = await server.request('POST', '/api/manage/learners/import', { body: form, headers: as(admin) });
    expect(imported.body.data, JSON.stringify(imported.body)).toMatchObject({ updated: 1 });
    expect((await info()).userName).toBe('李导入');
  });
});

describe('EpochCache', () => {
  let now = 0;
  const cache = () => new EpochCache<string, string>(() => now, 1_000, 2);

  it('does not keep a value read before a forget (the read may hold the old row)', () => {
    const c = cache();
    const before = c.epoch();
    c.forget(['a']); // a change committed while the read was under way
    expect(c.set('a', 'old', before)).toBe(false);
    expect(c.get('a')).toBeUndefined();
    expect(c.set('a', 'new', c.epoch())).toBe(true);
    expect(c.get('a')).toBe('new');
  });

  it('lets entries expire and keeps at most its bound, dropping the oldest', () => {
    const c = cache();
    now = 0;
    c.set('a', '1', c.epoch());
    c.set('b', '2', c.epoch());
    c.set('c', '3', c.epoch());
    expect([c.get('a'), c.get('b'), c.get('c'), c.size]).toEqual([undefined, '2', '3', 2]);
    now = 1_000;
    expect(c.get('b')).toBeUndefined();
  });
});
