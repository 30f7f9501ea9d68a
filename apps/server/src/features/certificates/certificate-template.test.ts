import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER } from '../../seed/demo-accounts.js';
import {
  addLearner,
  addOrganisation,
  dialects,
  login,
  markDemoLearnerStudied,
  startServer,
  type TestServer,
} from '../../../test/harness.js';

/** The text of a PDF's first page and how many images it paints (pdf.js). */
async function readPdf(pdf: Buffer): Promise<{ text: string; images: number }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  const ops = await page.getOperatorList();
  return {
    text: content.items
      .map((i) => ('str' in i ? i.str : ''))
      .join('')
      .replace(/\s+/g, ''),
    images: ops.fnArray.filter((f) => f === pdfjs.OPS.paintImageXObject).length,
  };
}

/** A round red seal, as an organisation scans its own. */
const sealPng = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><circle cx="120" cy="120" r="110" fill="none" stroke="#c00" stroke-width="10"/><circle cx="120" cy="120" r="20" fill="#c00"/></svg>',
    ),
  )
    .png()
    .toBuffer();

/**
 * 证书模板 (issue: Console III): a manager gives his organisation's certificates their title,
 * seal and signature line, sees them on a sample before saving, and saves; certificates issued
 * from then carry it, one issued before keeps the template it was issued under, a reissue
 * takes the one in force.
 */
describe.each(dialects)('certificate template on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let admin: string;
  let learner: string;
  let sealId: string;
  const as = (token: string) => ({ Authorization: token });
  const upload = async (token: string, png: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'seal.png');
    return server.request('POST', '/api/file/upload?otcType=CertificateSeal', { body: form, headers: as(token) });
  };
  const preview = (body: Record<string, unknown>, token = admin) =>
    fetch(`${server.baseUrl}/api/manage/certificate-template/preview`, {
      method: 'POST',
      headers: { ...as(token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const myCertificatePdf = async () => {
    const cert = (await server.request('GET', '/api/base/certificate/my', { headers: as(learner) })).body.data[0];
    const res = await fetch(`${server.baseUrl}/api/base/certificate/pdf/${cert.id}`, { headers: as(learner) });
    expect(res.status).toBe(200);
    return { id: cert.id as string, ...(await readPdf(Buffer.from(await res.arrayBuffer()))) };
  };

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    admin = (await login(server, DEMO_ADMIN.account, DEMO_ADMIN.password)).body.data.credentials.accessToken;
    learner = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
  });
  afterAll(() => server.close());

  it('starts from the plain template', async () => {
    const res = await server.request('GET', '/api/manage/certificate-template', { headers: as(admin) });
    expect(res.body.data).toEqual({
      title: '培训合格证书',
      signatureLine: '',
      sealFileId: null,
      sealUrl: null,
      updatedAt: null,
    });
  });

  it('previews a title, a seal and a signature line on a sample, unsaved', async () => {
    const uploaded = await upload(admin, await sealPng());
    expect(uploaded.status, uploaded.text).toBe(200);
    sealId = uploaded.body.data.id;
    // a seal is not the organisation's logo
    const org = await server.ctx.db
      .selectFrom('organisations')
      .select('logo_file_id')
      .where('code', '=', '00000')
      .executeTakeFirstOrThrow();
    expect(org.logo_file_id).not.toBe(sealId);
    const body = { title: '安全生产培训合格证', signatureLine: '培训负责人：王建国', sealFileId: sealId };
    const res = await preview(body);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const withSeal = await readPdf(Buffer.from(await res.arrayBuffer()));
    expect(withSeal.text).toContain('安全生产培训合格证');
    expect(withSeal.text).toContain('培训负责人：王建国');
    expect(withSeal.text).toContain('张三（样例）');
    const without = await readPdf(Buffer.from(await (await preview({ ...body, sealFileId: null })).arrayBuffer()));
    // the seal is one more image on the page (beside the QR code)
    expect(withSeal.images).toBe(without.images + 1);
    // nothing was saved
    const current = await server.request('GET', '/api/manage/certificate-template', { headers: as(admin) });
    expect(current.body.data.title).toBe('培训合格证书');
  });

  it('refuses a seal it cannot read, and keeps serving (a corrupt PNG once brought the process down)', async () => {
    const png = await sealPng();
    const idat = png.indexOf('IDAT');
    const corrupt = Buffer.from(png);
    corrupt.write('not zlib at all', idat + 4, 'latin1');
    // refused at the upload now (every image is decoded and re-encoded there)…
    const refused = await upload(admin, corrupt);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.msg).toContain('图片已损坏');
    // …and one stored before that, corrupt on disk, is still refused where it is drawn
    const uploaded = await upload(admin, await sealPng());
    expect(uploaded.status, uploaded.text).toBe(200);
    const stored = await server.ctx.db
      .selectFrom('files')
      .select('storage_key')
      .where('id', '=', uploaded.body.data.id)
      .executeTakeFirstOrThrow();
    await server.ctx.files.put(stored.storage_key, corrupt);
    const res = await preview({ title: '证书', signatureLine: '', sealFileId: uploaded.body.data.id });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toBe('印章图片无法读取，请重新上传');
    const saved = await server.request('PUT', '/api/manage/certificate-template', {
      json: { title: '证书', signatureLine: '', sealFileId: uploaded.body.data.id },
      headers: as(admin),
    });
    expect(saved.status).toBe(400);
    expect((await server.request('GET', '/api/health/live')).status).toBe(200);
  });

  it('refuses an empty title, a seal that is not the organisation’s, and learners', async () => {
    const empty = await server.request('PUT', '/api/manage/certificate-template', {
      json: { title: '  ', signatureLine: '', sealFileId: null },
      headers: as(admin),
    });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toContain('请输入证书标题');
    const unknown = await preview({ title: '证书', signatureLine: '', sealFileId: 'no-such-file' });
    expect(unknown.status).toBe(404);
    // another organisation's manager cannot use (nor see) this organisation's seal
    await addOrganisation(server, 'other-seal', '别的单位');
    await addLearner(server, { account: 'sealadmin', password: 'sealadmin1234', role: 'admin', orgCode: 'other-seal' });
    const other = (await login(server, 'sealadmin', 'sealadmin1234')).body.data.credentials.accessToken;
    const theirs = await server.request('PUT', '/api/manage/certificate-template', {
      json: { title: '证书', signatureLine: '', sealFileId: sealId },
      headers: as(other),
    });
    expect(theirs.status).toBe(404);
    const own = await server.request('GET', '/api/manage/certificate-template', { headers: as(other) });
    expect(own.body.data.title).toBe('培训合格证书');
    const forbidden = await server.request('PUT', '/api/manage/certificate-template', {
      json: { title: '证书', signatureLine: '', sealFileId: null },
      headers: as(learner),
    });
    expect(forbidden.status).toBe(403);
  });

  it('saves it, and a certificate issued from then carries it; audited', async () => {
    const saved = await server.request('PUT', '/api/manage/certificate-template', {
      json: { title: '安全生产培训合格证', signatureLine: '培训负责人：王建国', sealFileId: sealId },
      headers: as(admin),
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toMatchObject({ title: '安全生产培训合格证', sealFileId: sealId });
    expect(saved.body.data.sealUrl).toMatch(/sig=/);
    expect((await fetch(server.baseUrl + saved.body.data.sealUrl)).status).toBe(200);
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'certificate.template')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.summary).before.title).toBe('培训合格证书');

    await markDemoLearnerStudied(server, { examsPassed: true });
    await server.ctx.db.updateTable('face_checks').set({ status: 'passed', passed_at: Date.now() }).execute();
    const pdf = await myCertificatePdf();
    expect(pdf.text).toContain('安全生产培训合格证');
    expect(pdf.text).toContain('培训负责人：王建国');
    expect(pdf.text).not.toContain('培训合格证书');
  });

  it('leaves a certificate already issued as it was, and gives a reissue the template in force', async () => {
    const changed = await server.request('PUT', '/api/manage/certificate-template', {
      json: { title: '特种作业培训合格证', signatureLine: '', sealFileId: null },
      headers: as(admin),
    });
    expect(changed.status).toBe(200);
    const before = await myCertificatePdf();
    expect(before.text).toContain('安全生产培训合格证');
    expect(before.text).toContain('培训负责人：王建国');
    // the seal an issued certificate shows cannot be deleted from under it
    const removed = await server.request('DELETE', `/api/file/delete?id=${sealId}`, { headers: as(admin) });
    expect(removed.status).toBe(409);
    const reissued = await server.request('POST', `/api/manage/certificates/${before.id}/reissue`, {
      json: { reason: '姓名更正' },
      headers: as(admin),
    });
    expect(reissued.status, reissued.text).toBe(200);
    const after = await myCertificatePdf();
    expect(after.text).toContain('特种作业培训合格证');
    expect(after.text).not.toContain('培训负责人');
    expect(after.images).toBe(before.images - 1);
  });
});
