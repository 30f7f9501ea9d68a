import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../seed/demo-accounts.js';
import { addLearner, addOrganisation, dialects, login, startServer, type TestServer } from '../../../test/harness.js';

/** 报名咨询 in the console: listed, followed up, and turned into a learner in one step. */
describe.each(dialects)('enquiries in the console on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let admin: string;
  let otherAdmin: string;
  const as = (token = admin) => ({ Authorization: token });

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    await addOrganisation(server, '10005', '另一家单位');
    await addLearner(server, { account: 'other-admin', password: 'other1234', role: 'admin', orgCode: '10005' });
    otherAdmin = (await login(server, 'other-admin', 'other1234')).body.data.credentials.accessToken;
    // a guest on the home page
    const left = await server.request('POST', '/api/train/intendedPerson/addNew-Intended', {
      json: {
        name: '刘工',
        // as a guest types it on a phone
        phone: '139 1234 5678',
        orgName: '某化工有限公司',
        courseName: '危险化学品安全',
        OrgCode: '00000',
      },
    });
    expect(left.status, left.text).toBe(200);
  });
  afterAll(() => server.close());

  it('lists the enquiry, follows it up with a status and a note, and audits it', async () => {
    const list = await server.request('GET', '/api/manage/enquiries', { headers: as() });
    expect(list.body.data.records).toEqual([
      expect.objectContaining({
        name: '刘工',
        phone: '13912345678',
        orgName: '某化工有限公司',
        status: 'new',
        personId: null,
      }),
    ]);
    const id = list.body.data.records[0].id;
    const followed = await server.request('PUT', `/api/manage/enquiries/${id}`, {
      json: { status: 'contacted', followUp: '已电话联系，下周报名' },
      headers: as(),
    });
    expect(followed.body.data).toMatchObject({ status: 'contacted', followUp: '已电话联系，下周报名' });
    expect((await server.request('GET', '/api/manage/enquiries?status=new', { headers: as() })).body.data.total).toBe(
      0,
    );
    const bad = await server.request('PUT', `/api/manage/enquiries/${id}`, { json: { status: 'done' }, headers: as() });
    expect(bad.status).toBe(400);
    const audit = await server.ctx.db.selectFrom('audit_log').select('action').where('target_id', '=', id).execute();
    expect(audit.map((a) => a.action)).toEqual(['enquiry.update']);
  });

  it('makes a learner of it in one step, once', async () => {
    const id = (await server.request('GET', '/api/manage/enquiries', { headers: as() })).body.data.records[0].id;
    const made = await server.request('POST', `/api/manage/enquiries/${id}/learner`, {
      json: { idCard: '11010519491231002X', password: 'start123' },
      headers: as(),
    });
    expect(made.status, made.text).toBe(200);
    expect(made.body.data.learner).toMatchObject({ name: '刘工', phone: '13912345678' });
    expect(made.body.data.enquiry).toMatchObject({ status: 'enrolled', personId: made.body.data.learner.id });
    expect((await login(server, '13912345678', 'start123')).status).toBe(200);
    const again = await server.request('POST', `/api/manage/enquiries/${id}/learner`, {
      json: { idCard: '110105199001010010' },
      headers: as(),
    });
    expect(again.status).toBe(409);
  });

  it('keeps them to the organisation they were left with', async () => {
    const id = (await server.request('GET', '/api/manage/enquiries', { headers: as() })).body.data.records[0].id;
    expect((await server.request('GET', '/api/manage/enquiries', { headers: as(otherAdmin) })).body.data.total).toBe(0);
    const foreign = await server.request('PUT', `/api/manage/enquiries/${id}`, {
      json: { status: 'closed' },
      headers: as(otherAdmin),
    });
    expect(foreign.status).toBe(404);
  });
});
