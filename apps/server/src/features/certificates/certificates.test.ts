import http from 'node:http';
import { buffer } from 'node:stream/consumers';
import { ErrorCode } from '@anxun/shared/errors';
import ExcelJS from 'exceljs';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER } from '../../seed/demo-accounts.js';
import { dialects, login, markDemoLearnerStudied, startServer, type TestServer } from '../../../test/harness.js';

/** Reads the QR code printed on a PDF's first page (pdf.js decodes the image; jsQR reads it). */
async function qrOnPdf(pdf: Buffer): Promise<string | undefined> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  expect(doc.numPages).toBe(1);
  const page = await doc.getPage(1);
  const ops = await page.getOperatorList();
  for (let i = 0; i < ops.fnArray.length; i++) {
    if (ops.fnArray[i] !== pdfjs.OPS.paintImageXObject) continue;
    const name = ops.argsArray[i][0] as string;
    const image = await new Promise<{ width: number; height: number; data: Uint8ClampedArray; kind: number }>((r) =>
      page.objs.get(name, r),
    );
    // to RGBA, whatever pdf.js decoded it to (grey, RGB or RGBA)
    const pixels = image.width * image.height;
    const channels = image.data.length / pixels;
    const rgba = new Uint8ClampedArray(pixels * 4);
    for (let p = 0; p < pixels; p++) {
      for (let c = 0; c < 3; c++) rgba[p * 4 + c] = image.data[p * channels + (channels >= 3 ? c : 0)]!;
      rgba[p * 4 + 3] = 255;
    }
    const found = jsQR(rgba, image.width, image.height);
    if (found) return found.data;
  }
  return undefined;
}

/** The text of a PDF's first page, as pdf.js reads it (spaces between runs removed). */
async function textOfPdf(pdf: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  return content.items
    .map((i) => ('str' in i ? i.str : ''))
    .join('')
    .replace(/\s+/g, '');
}

describe.each(dialects)('certificates on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let token: string;
  const auth = (t = token) => ({ Authorization: t });

  /**
   * What a learner does to earn it, done directly: every unit watched, every exam passed —
   * at 00:05 on 24 November in Shanghai (16:05 UTC on the 23rd), so a date written in the
   * wrong zone shows.
   */
  const completeTheClass = () =>
    markDemoLearnerStudied(server, { examsPassed: true, at: Date.UTC(2026, 10, 23, 16, 5, 0) });

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
  });
  afterAll(() => server.close());

  it('issues nothing before the class is complete', async () => {
    // the class's face checks are another suite's; here only one check is made, by hand
    const res = await server.request('GET', '/api/base/certificate/my', { headers: auth() });
    expect(res.body.data).toEqual([]);
  });

  it('waits for an open face check (the one at the end of the last unit) before issuing', async () => {
    await completeTheClass();
    const member = await server.ctx.db
      .selectFrom('train_persons as tp')
      .innerJoin('persons as p', 'p.id', 'tp.person_id')
      .select(['tp.id', 'tp.person_id'])
      .where('p.account', '=', DEMO_LEARNER.account)
      .executeTakeFirstOrThrow();
    const session = await server.ctx.db.selectFrom('sessions').select('id').executeTakeFirstOrThrow();
    const now = Date.now();
    await server.ctx.db
      .insertInto('face_checks')
      .values({
        id: 'end-check',
        person_id: member.person_id,
        train_person_id: member.id,
        kind: 'end',
        status: 'pending',
        session_id: session.id,
        warp_course_id: null,
        due_at: now,
        window_ends_at: now + 120_000,
        best_score: null,
        passed_at: null,
        next_after_seconds: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await server.request('GET', '/api/base/certificate/my', { headers: auth() })).body.data).toEqual([]);
    await server.ctx.db.updateTable('face_checks').set({ status: 'passed', passed_at: now }).execute();
  });

  it('issues one certificate when the class is complete, with a PDF that carries its QR code', async () => {
    const list = await server.request('GET', '/api/base/certificate/my', { headers: auth() });
    expect(list.body.data).toHaveLength(1);
    const cert = list.body.data[0];
    expect(cert).toMatchObject({ status: 'valid', className: '2026年度全员安全生产培训班', printCount: 0 });
    expect(cert.number).toMatch(/^AX2026[2-9A-HJ-NP-Z]{8}$/);
    expect(cert.verifyUrl).toBe(`${server.baseUrl}/#/card?no=${cert.number}&code=${cert.verifyCode}`);
    // asking again issues no second one
    expect((await server.request('GET', '/api/base/certificate/my', { headers: auth() })).body.data).toHaveLength(1);

    const pdf = await fetch(`${server.baseUrl}/api/base/certificate/pdf/${cert.id}`, { headers: auth() });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await qrOnPdf(bytes)).toBe(cert.verifyUrl);
    // one date everywhere: the organisation's day, on the page's data and on the paper
    expect(cert.issuedAt).toBe('2026-11-24T00:05:00.000+08:00');
    expect(await textOfPdf(bytes)).toContain('2026年11月24日');

    const printed = await server.request('POST', `/api/base/certificate/upIsPrinting/${cert.id}`, { headers: auth() });
    expect(printed.body.data.printCount).toBe(1);
    const again = await server.request('POST', `/api/base/certificate/upIsPrinting/${cert.id}`, { headers: auth() });
    expect(again.body.data.printCount).toBe(2);
  }, 60_000);

  it('verifies a valid certificate with a masked name, and nothing for a forged number or code', async () => {
    const cert = (await server.request('GET', '/api/base/certificate/my', { headers: auth() })).body.data[0];
    const valid = await server.request(
      'GET',
      `/api/base/certificate/verify?number=${cert.number}&code=${cert.verifyCode}`,
    );
    expect(valid.body.data).toMatchObject({
      status: 'valid',
      holderName: '张**',
      hours: cert.hours,
      orgName: '安训示范单位',
    });
    expect(valid.text).not.toContain(DEMO_LEARNER.name);
    expect(valid.text).not.toContain(DEMO_LEARNER.idCard);
    const wrongCode = await server.request('GET', `/api/base/certificate/verify?number=${cert.number}&code=ZZZZZZ`);
    expect(wrongCode.body.data).toMatchObject({ status: 'unknown', holderName: null });
    const forged = await server.request(
      'GET',
      `/api/base/certificate/verify?number=AX2026ABCDEFGH&code=${cert.verifyCode}`,
    );
    expect(forged.body.data.status).toBe('unknown');
    const empty = await server.request('GET', '/api/base/certificate/verify?number=&code=');
    expect(empty.status).toBe(400);
  });

  it("lets the organisation's manager find it, reissue it after a correction (the old number 已换发) and revoke it", async () => {
    const cert = (await server.request('GET', '/api/base/certificate/my', { headers: auth() })).body.data[0];
    const admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const asAdmin = { Authorization: admin };
    const found = await server.request('GET', `/api/manage/certificates?q=${cert.number.slice(2, 8)}`, {
      headers: asAdmin,
    });
    expect(found.body.data.records).toContainEqual(
      expect.objectContaining({ id: cert.id, number: cert.number, status: 'valid', formerNumbers: [] }),
    );
    // its class counts it: the class dialog warns before a course is added under it
    const classes = await server.request('GET', '/api/manage/classes', { headers: asAdmin });
    expect(
      classes.body.data.records.find((c: { name: string }) => c.name === '2026年度全员安全生产培训班'),
    ).toMatchObject({ certificateCount: 1 });
    // the learner reaches none of it
    expect(
      (
        await server.request('POST', `/api/manage/certificates/${cert.id}/revoke`, {
          json: { reason: '自己撤销' },
          headers: auth(),
        })
      ).status,
    ).toBe(403);

    // his name was corrected: a new number and code; the old paper verifies as reissued
    await server.ctx.db
      .updateTable('persons')
      .set({ name: '张安泉' })
      .where('account', '=', DEMO_LEARNER.account)
      .execute();
    const reissued = await server.request('POST', `/api/manage/certificates/${cert.id}/reissue`, {
      json: { reason: '姓名更正' },
      headers: asAdmin,
    });
    expect(reissued.status, reissued.text).toBe(200);
    expect(reissued.body.data.number).not.toBe(cert.number);
    const old = await server.request(
      'GET',
      `/api/base/certificate/verify?number=${cert.number}&code=${cert.verifyCode}`,
    );
    expect(old.body.data).toMatchObject({ status: 'reissued', number: cert.number, reissuedAt: expect.any(String) });
    const mine = (await server.request('GET', '/api/base/certificate/my', { headers: auth() })).body.data;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: cert.id, number: reissued.body.data.number, status: 'valid' });
    const current = await server.request(
      'GET',
      `/api/base/certificate/verify?number=${mine[0].number}&code=${mine[0].verifyCode}`,
    );
    expect(current.body.data).toMatchObject({ status: 'valid', holderName: '张**' });
    const reissuedRow = await server.ctx.db
      .selectFrom('certificates')
      .select('person_name')
      .where('id', '=', cert.id)
      .executeTakeFirstOrThrow();
    expect(reissuedRow.person_name).toBe('张安泉');
    const page = await server.request('GET', '/api/manage/certificates', { headers: asAdmin });
    const listed = page.body.data.records;
    expect(listed.find((c: { id: string }) => c.id === cert.id).formerNumbers).toEqual([cert.number]);
    // the holder told apart from another of his name by his masked ID number, never the whole one
    expect(listed.find((c: { id: string }) => c.id === cert.id).holderIdCard).toBe(
      `${DEMO_LEARNER.idCard.slice(0, 3)}***********${DEMO_LEARNER.idCard.slice(-4)}`,
    );
    expect(page.text).not.toContain(DEMO_LEARNER.idCard);

    const revoked = await server.request('POST', `/api/manage/certificates/${cert.id}/revoke`, {
      json: { reason: '学时记录有误' },
      headers: asAdmin,
    });
    expect(revoked.body.data).toEqual({ revoked: true });
    const check = await server.request(
      'GET',
      `/api/base/certificate/verify?number=${mine[0].number}&code=${mine[0].verifyCode}`,
    );
    expect(check.body.data).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    const pdf = await server.request('GET', `/api/base/certificate/pdf/${cert.id}`, { headers: auth() });
    expect(pdf.status).toBe(410);
    expect(
      (
        await server.request('POST', `/api/manage/certificates/${cert.id}/revoke`, {
          json: { reason: '再撤' },
          headers: asAdmin,
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await server.request('POST', `/api/manage/certificates/${cert.id}/reissue`, {
          json: { reason: '再换' },
          headers: asAdmin,
        })
      ).status,
    ).toBe(409);
    const audits = await server.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', cert.id)
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual(['certificate.reissue', 'certificate.revoke']);

    // the list as a sheet, as the page finds it: the state, the reason, the number it bore before
    const sheetOf = async (query: string, token = admin) => {
      const res = await fetch(`${server.baseUrl}/api/manage/certificates/export?${query}`, {
        headers: { Authorization: token },
      });
      if (res.status !== 200) return { status: res.status, rows: [] as Array<Record<string, unknown>> };
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await res.arrayBuffer());
      const ws = workbook.worksheets[0]!;
      const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
      const rows: Array<Record<string, unknown>> = [];
      ws.eachRow((row, n) => {
        if (n > 1) rows.push(Object.fromEntries(header.map((h, i) => [h, (row.values as unknown[])[i + 1] ?? ''])));
      });
      return { status: res.status, rows };
    };
    const sheet = await sheetOf('status=revoked');
    expect(sheet.status).toBe(200);
    expect(sheet.rows).toContainEqual(
      expect.objectContaining({
        证书编号: mine[0].number,
        姓名: '张安泉',
        身份证号: `${DEMO_LEARNER.idCard.slice(0, 3)}***********${DEMO_LEARNER.idCard.slice(-4)}`,
        班级: '2026年度全员安全生产培训班',
        状态: '已撤销',
        撤销原因: '学时记录有误',
        原证书编号: cert.number,
      }),
    );
    expect((await sheetOf('status=valid')).rows.map((r) => r['证书编号'])).not.toContain(mine[0].number);
    expect((await sheetOf('status=revoked&full=1')).rows.map((r) => r['身份证号'])).toContain(DEMO_LEARNER.idCard);
    expect((await sheetOf('status=revoked', token)).status).toBe(403);
    const exported = await server.ctx.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'report.export')
      .execute();
    expect(exported.map((a) => JSON.parse(a.summary).after)).toContainEqual(
      expect.objectContaining({ kind: 'certificates', fullIdNumbers: true, status: 'revoked' }),
    );
    await server.ctx.db
      .updateTable('persons')
      .set({ name: DEMO_LEARNER.name })
      .where('account', '=', DEMO_LEARNER.account)
      .execute();
  });

  it("issues on the manager's word only what a member has earned, and keeps other organisations out", async () => {
    const admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    const issue = (trainPersonId: string, token = admin) =>
      server.request('POST', '/api/manage/certificates/issue', {
        json: { trainPersonId },
        headers: { Authorization: token },
      });
    const { addLearner, addOrganisation, enrolInDemoClass } = await import('../../../test/harness.js');
    const personId = await addLearner(server, { account: 'finisher', password: 'finisher1234' });
    await enrolInDemoClass(server, personId);
    const member = await server.ctx.db
      .selectFrom('train_persons')
      .select('id')
      .where('person_id', '=', personId)
      .executeTakeFirstOrThrow();
    const notYet = await issue(member.id);
    expect(notYet.status).toBe(409);
    expect(notYet.body.msg).toMatch(/门课程未完成/);
    await server.ctx.db
      .updateTable('train_person_courses')
      .set({ learn_status: 2, end_time: Date.now() })
      .where('train_person_id', '=', member.id)
      .execute();
    await addOrganisation(server, '10025', '另一家单位');
    await addLearner(server, { account: 'other-admin25', password: 'other1234', role: 'admin', orgCode: '10025' });
    const other = (await login(server, 'other-admin25', 'other1234')).body.data.credentials.accessToken;
    expect((await issue(member.id, other)).status).toBe(404);
    const issued = await issue(member.id);
    expect(issued.status, issued.text).toBe(200);
    expect(issued.body.data.number).toMatch(/^AX\d{4}/);
    expect((await issue(member.id)).status).toBe(409);
    const theirs = (await server.request('GET', '/api/manage/certificates', { headers: { Authorization: other } })).body
      .data;
    expect(theirs.total).toBe(0);
    const cert = await server.ctx.db
      .selectFrom('certificates')
      .select('id')
      .where('train_person_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(
      (
        await server.request('POST', `/api/manage/certificates/${cert.id}/revoke`, {
          json: { reason: '越权' },
          headers: { Authorization: other },
        })
      ).status,
    ).toBe(404);

    // the class asks more of a course after the certificate (a course added, say), and he has
    // completed it: 换发 gives the 学时 the class now requires; with a course not complete they stay
    const hoursOf = async () =>
      (
        await server.ctx.db
          .selectFrom('certificates')
          .select('hours')
          .where('id', '=', cert.id)
          .executeTakeFirstOrThrow()
      ).hours;
    const issuedHours = await hoursOf();
    const course = await server.ctx.db
      .selectFrom('train_person_courses as pc')
      .innerJoin('train_class_courses as cc', 'cc.id', 'pc.class_course_id')
      .select(['cc.id', 'cc.class_hours'])
      .where('pc.train_person_id', '=', member.id)
      .executeTakeFirstOrThrow();
    const setHours = (h: number) =>
      server.ctx.db.updateTable('train_class_courses').set({ class_hours: h }).where('id', '=', course.id).execute();
    await setHours((course.class_hours ?? 0) + 2);
    const reissue = () =>
      server.request('POST', `/api/manage/certificates/${cert.id}/reissue`, {
        json: { reason: '新增课程后换发' },
        headers: { Authorization: admin },
      });
    expect((await reissue()).status).toBe(200);
    expect(await hoursOf()).toBeCloseTo(issuedHours + 2, 2);
    await setHours((course.class_hours ?? 0) + 3);
    await server.ctx.db
      .updateTable('train_person_courses')
      .set({ learn_status: 1 })
      .where('train_person_id', '=', member.id)
      .where('class_course_id', '=', course.id)
      .execute();
    expect((await reissue()).status).toBe(200);
    expect(await hoursOf()).toBeCloseTo(issuedHours + 2, 2);
    await setHours(course.class_hours ?? 0);
    await server.ctx.db
      .updateTable('train_person_courses')
      .set({ learn_status: 2 })
      .where('train_person_id', '=', member.id)
      .where('class_course_id', '=', course.id)
      .execute();
  });

  it('limits how fast one address verifies', async () => {
    let limited = false;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await server.request('GET', `/api/base/certificate/verify?number=AX2026${i}&code=AAAAAA`);
      limited = res.body.code === ErrorCode.RATE_LIMITED;
    }
    expect(limited).toBe(true);
  });
});

describe.each(dialects)('enrolment intents on $name', ({ databaseUrl }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ databaseUrl });
  });
  afterAll(() => server.close());

  const send = (json: unknown) => server.request('POST', '/api/train/intendedPerson/addNew-Intended', { json });

  it('takes a guest’s intent, checked with the spec’s rules, and limits how often', async () => {
    const ok = await send({
      name: '刘工',
      phone: '13912345678',
      orgName: '某化工有限公司',
      courseName: '危险化学品安全',
      note: '10人',
    });
    expect(ok.body.data).toEqual({ received: true });
    const stored = await server.ctx.db.selectFrom('intended_persons').selectAll().execute();
    expect(stored[0]).toMatchObject({ name: '刘工', phone: '13912345678', org_name: '某化工有限公司' });

    const bad = [
      [{ name: '', phone: '13912345678', orgName: 'x' }, '请输入姓名'],
      [{ name: '刘工<b>', phone: '13912345678', orgName: 'x' }, '姓名只能包含中文、字母或数字'],
      [{ name: '刘工', phone: '1234', orgName: 'x' }, '请输入正确的手机号'],
      [{ name: '刘工', phone: '13912345678', orgName: ' ' }, '请输入单位名称'],
    ] as const;
    for (const [body, msg] of bad) {
      const res = await send(body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
    let limited = false;
    for (let i = 0; i < 6 && !limited; i++) {
      limited = (await send({ name: '刘工', phone: '13912345678', orgName: 'x' })).status === 429;
    }
    expect(limited).toBe(true);
  });
});

describe('certificate links on a server told its address (PUBLIC_URL)', () => {
  it('name the site, never the Host a request claims', async () => {
    const server = await startServer({ env: { PUBLIC_URL: 'https://train.example.com/' } });
    try {
      await markDemoLearnerStudied(server, { examsPassed: true });
      await server.ctx.db.updateTable('face_checks').set({ status: 'passed', passed_at: Date.now() }).execute();
      const token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials
        .accessToken;
      // a learner asking under a Host of his own (fetch would not send one): his certificate's
      // QR would lead to his site
      const get = (path: string) =>
        new Promise<Buffer>((resolve, reject) => {
          const req = http.get(
            `${server.baseUrl}${path}`,
            { headers: { Authorization: token, Host: 'evil.example' } },
            (res) => {
              expect(res.statusCode).toBe(200);
              void buffer(res).then(resolve, reject);
            },
          );
          req.on('error', reject);
        });
      const [cert] = JSON.parse((await get('/api/base/certificate/my')).toString()).data;
      const expected = `https://train.example.com/#/card?no=${cert.number}&code=${cert.verifyCode}`;
      expect(cert.verifyUrl).toBe(expected);
      const bytes = await get(`/api/base/certificate/pdf/${cert.id}`);
      expect(await qrOnPdf(bytes)).toBe(expected);
      expect(await textOfPdf(bytes)).not.toContain('evil.example');
    } finally {
      await server.close();
    }
  });
});
