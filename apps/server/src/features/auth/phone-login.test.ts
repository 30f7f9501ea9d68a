import { ErrorCode } from '@anxun/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LEARNER } from '../../seed/demo-accounts.js';
import crypto from 'node:crypto';
import {
  addLearner,
  dialects,
  encrypt,
  holdsCode,
  lastSmsCode,
  login,
  publicKeyOf,
  startServer,
  type TestServer,
} from '../../../test/harness.js';

describe.each(dialects)('phone + check code on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let now = Date.now();
  const phoneLogin = (telPhoto: string, checkCode: string) =>
    server.request('POST', '/api/login', { json: { telPhoto, checkCode, client: 'study-mp' } });
  const send = (tel: string) => server.request('GET', `/api/train/person/send-check-code/${encodeURIComponent(tel)}`);

  beforeAll(async () => {
    server = await startServer({
      databaseUrl,
      now: () => now,
      // This suite moves a fake clock; the per-phone counters run on real time, so they are
      // widened here and tested on their own below.
      configure: (c) => {
        c.rateLimits.checkCodePerPhone = { points: 1000, durationSeconds: 60 };
        c.rateLimits.checkCodePerPhoneDaily = { points: 1000, durationSeconds: 86400 };
      },
    });
  });
  afterAll(() => server.close());

  it('validates the phone with the spec §5 texts', async () => {
    expect((await send('12345')).body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '请输入合法手机号/电话号' });
    expect((await send(' ')).body.msg).toBe('请输入手机号');
    // a landline passes the form's pattern but cannot receive a text
    expect((await send('010-12345678')).body.msg).toBe('请输入正确的手机号');
  });

  it('refuses a registration code for a phone that already has an account, before sending one', async () => {
    const outbox = async () =>
      (await server.request('GET', `/api/dev/sms-outbox?tel=${DEMO_LEARNER.phone}`)).body.data.list.length;
    const before = await outbox();
    const res = await server.request('GET', `/api/train/person/send-check-code/${DEMO_LEARNER.phone}?purpose=register`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: ErrorCode.DUPLICATE, msg: '该手机号已注册，请直接登录' });
    expect(await outbox()).toBe(before);
    // a new number gets its code
    const fresh = await server.request('GET', '/api/train/person/send-check-code/13900001234?purpose=register');
    expect(fresh.status).toBe(200);
  });

  it('sends a 6-digit code without ever returning it', async () => {
    const res = await send(DEMO_LEARNER.phone);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ resendAfter: 60, expiresIn: 300 });
    const code = await lastSmsCode(server, DEMO_LEARNER.phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(holdsCode(res.text, code)).toBe(false);
  });

  it('allows one send per phone every 60 s', async () => {
    const tooSoon = await send(DEMO_LEARNER.phone);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.code).toBe(ErrorCode.CHECK_CODE_TOO_SOON);
    now += 61_000;
    expect((await send(DEMO_LEARNER.phone)).body.code).toBe(200);
  });

  it('says which phone-form field is wrong', async () => {
    const noTel = await server.request('POST', '/api/login', { json: { telPhoto: '', checkCode: '1' } });
    expect(noTel.body.msg).toBe('请输入电话号码');
    expect((await phoneLogin('1234', '123456')).body.msg).toBe('请输入合法手机号/电话号');
    const noCode = await server.request('POST', '/api/login', { json: { telPhoto: DEMO_LEARNER.phone } });
    expect(noCode.body.msg).toBe('请输入验证码');
  });

  it('logs in with the right code, once, and answers the login response', async () => {
    now += 61_000;
    await send(DEMO_LEARNER.phone);
    const code = await lastSmsCode(server, DEMO_LEARNER.phone);
    const wrong = await phoneLogin(DEMO_LEARNER.phone, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: ErrorCode.WRONG_CHECK_CODE, msg: '验证码输入错误', data: null });
    const ok = await phoneLogin(DEMO_LEARNER.phone, code);
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.credentials.accessToken).toEqual(expect.any(String));
    expect(ok.body.data.roles.userName).toBe(DEMO_LEARNER.name);
    const replay = await phoneLogin(DEMO_LEARNER.phone, code);
    expect(replay.body.code).toBe(ErrorCode.WRONG_CHECK_CODE);
  });

  it('burns a code after five wrong tries', async () => {
    now += 61_000;
    await send(DEMO_LEARNER.phone);
    const code = await lastSmsCode(server, DEMO_LEARNER.phone);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) expect((await phoneLogin(DEMO_LEARNER.phone, wrong)).body.msg).toBe('验证码输入错误');
    const right = await phoneLogin(DEMO_LEARNER.phone, code);
    expect(right.body.code).toBe(ErrorCode.CHECK_CODE_EXPIRED);
    expect(right.body.data).toBeNull();
  });

  it('expires a code after 5 minutes', async () => {
    now += 61_000;
    await send(DEMO_LEARNER.phone);
    const code = await lastSmsCode(server, DEMO_LEARNER.phone);
    now += 5 * 60_000 + 1;
    const res = await phoneLogin(DEMO_LEARNER.phone, code);
    expect(res.body.code).toBe(ErrorCode.CHECK_CODE_EXPIRED);
  });

  it('sets a password with a code sent to his own phone, for a learner imported without one', async () => {
    // imported with a phone and no password: he logs in by SMS code, and has no password to give
    await addLearner(server, { account: 'no-pass', password: crypto.randomUUID(), phone: '13900000077' });
    await send('13900000077');
    const byCode = await phoneLogin('13900000077', await lastSmsCode(server, '13900000077'));
    const his = { Authorization: byCode.body.data.credentials.accessToken as string };
    now += 61_000;
    const sent = await server.request('GET', '/api/user/send-own-phone-code', { headers: his });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.text).not.toContain('13900000077');
    const code = await lastSmsCode(server, '13900000077');
    const url = '/api/user/password-by-code';
    const wrong = await server.request('POST', url, {
      json: { checkCode: code === '000000' ? '111111' : '000000', newPassword: 'chosen-1' },
      headers: his,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('验证码输入错误');
    const key = await publicKeyOf(server);
    const set = await server.request('POST', url, {
      json: { checkCode: code, newPassword: encrypt('chosen-1', key) },
      headers: his,
    });
    expect(set.body.data, set.text).toEqual({ updated: true });
    // the code was spent
    const again = await server.request('POST', url, {
      json: { checkCode: code, newPassword: 'chosen-2' },
      headers: his,
    });
    expect(again.status).toBe(400);
    // his password now (a login is one device at a time: this session ends)
    expect((await login(server, 'no-pass', 'chosen-1')).body.code).toBe(200);
    // nobody signed out can, and one with no phone is told whom to ask
    expect((await server.request('GET', '/api/user/send-own-phone-code')).status).toBe(401);
    await addLearner(server, { account: 'no-phone', password: 'no-phone-1' });
    const noPhone = (await login(server, 'no-phone', 'no-phone-1')).body.data.credentials.accessToken;
    const refused = await server.request('GET', '/api/user/send-own-phone-code', {
      headers: { Authorization: noPhone },
    });
    expect(refused.body.msg).toBe('您的账号没有手机号，请联系培训管理员');
    expect(server.logs.join('')).not.toContain('chosen-1');
  });

  it('tells an unregistered phone to register, before a text goes to a stranger', async () => {
    const res = await send('13600000009');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '该手机号尚未注册，请先注册' });
    const outbox = await server.request('GET', '/api/dev/sms-outbox?tel=13600000009');
    expect(outbox.body.data.list).toHaveLength(0);
    // a login with a code that was never sent is refused the same way as a wrong one
    expect((await phoneLogin('13600000009', '123456')).body.code).toBe(ErrorCode.WRONG_CHECK_CODE);
  });

  it('has removed the lookup that returned an ID number and password', async () => {
    const res = await server.request('GET', `/api/base/person/tel-login/${DEMO_LEARNER.phone}`);
    expect(res.status).toBe(410);
    expect(res.body.code).toBe(ErrorCode.GONE);
    expect(res.text).not.toContain(DEMO_LEARNER.idCard);
    expect(res.text).not.toMatch(/password|sysPassword|idcardNo/i);
  });
});

describe.each(dialects)('check-code flood limits on $name', ({ databaseUrl }) => {
  it('sends one code when many sends for one phone arrive at once', async () => {
    const server = await startServer({ databaseUrl });
    try {
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          server.request('GET', '/api/train/person/send-check-code/13900000077?purpose=register'),
        ),
      );
      expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
      expect(results.filter((r) => r.body.code === ErrorCode.CHECK_CODE_TOO_SOON)).toHaveLength(9);
      const outbox = await server.request('GET', '/api/dev/sms-outbox?tel=13900000077');
      expect(outbox.body.data.list).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it("counts asking whether a phone is registered against the number's daily sends: numbers cannot be probed in bulk", async () => {
    const server = await startServer({
      databaseUrl,
      configure: (c) => {
        c.rateLimits.checkCodePerPhoneDaily = { points: 3, durationSeconds: 86400 };
      },
    });
    try {
      const ask = () =>
        server.request('GET', `/api/train/person/send-check-code/${DEMO_LEARNER.phone}?purpose=register`);
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await ask()).body.code);
      expect(answers).toEqual([ErrorCode.DUPLICATE, ErrorCode.DUPLICATE, ErrorCode.DUPLICATE, ErrorCode.RATE_LIMITED]);
      // no text went, so no minute's wait: told to register, he registers with it at once
      const stranger = '13900000079';
      const login = await server.request('GET', `/api/train/person/send-check-code/${stranger}`);
      expect(login.body.msg).toBe('该手机号尚未注册，请先注册');
      const register = await server.request('GET', `/api/train/person/send-check-code/${stranger}?purpose=register`);
      expect(register.body.code, register.text).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('caps the codes one phone gets in a day', async () => {
    let now = Date.now();
    const server = await startServer({
      databaseUrl,
      now: () => now,
      configure: (c) => {
        c.rateLimits.checkCodePerPhone = { points: 1000, durationSeconds: 60 };
        c.rateLimits.checkCodePerPhoneDaily = { points: 3, durationSeconds: 86400 };
      },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push(
          (await server.request('GET', '/api/train/person/send-check-code/13900000078?purpose=register')).body.code,
        );
        now += 61_000;
      }
      expect(codes).toEqual([200, 200, 200, ErrorCode.RATE_LIMITED]);
    } finally {
      await server.close();
    }
  });
  it("caps the platform's texts in a day (SMS_DAILY_LIMIT), numbers without an account at half of it", async () => {
    const server = await startServer({
      databaseUrl,
      configure: (c) => {
        c.rateLimits.checkCodeDaily = { points: 3, durationSeconds: 86400 };
        c.rateLimits.checkCodeDailyNewNumbers = { points: 2, durationSeconds: 86400 };
      },
    });
    try {
      // a script sending to many numbers without accounts, each within its own budgets
      const answers = [];
      for (const tel of ['13900000101', '13900000102', '13900000103']) {
        answers.push((await server.request('GET', `/api/train/person/send-check-code/${tel}?purpose=register`)).body);
      }
      expect(answers.map((a) => a.code)).toEqual([200, 200, ErrorCode.RATE_LIMITED]);
      expect(answers[2]?.msg).toBe('今日验证码发送量已达平台上限，请稍后再试或使用账号密码登录');
      const outbox = await server.request('GET', '/api/dev/sms-outbox?tel=13900000103');
      expect(outbox.body.data.list).toHaveLength(0);
      // it spent the part for such numbers only: a learner with an account still gets his code
      const learner = await server.request('GET', `/api/train/person/send-check-code/${DEMO_LEARNER.phone}`);
      expect(learner.body.code).toBe(200);
      // and then the whole day's texts are spent
      expect((await server.request('GET', '/api/train/person/send-check-code/13800000002')).body.code).toBe(
        ErrorCode.RATE_LIMITED,
      );
    } finally {
      await server.close();
    }
  });
});

describe('sms outbox', () => {
  it('does not exist in production', async () => {
    const server = await startServer({ env: { NODE_ENV: 'production', SMS_ALLOW_CONSOLE: '1' } });
    try {
      const res = await server.request('GET', '/api/dev/sms-outbox?tel=13800000001');
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(ErrorCode.NOT_FOUND);
    } finally {
      await server.close();
    }
  });
});
