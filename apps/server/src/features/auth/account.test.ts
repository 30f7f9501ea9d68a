import { ErrorCode } from '@anxun/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER } from '../../seed/demo-accounts.js';
import {
  dialects,
  encrypt,
  lastSmsCode,
  login,
  publicKeyOf,
  startServer,
  type TestServer,
} from '../../../test/harness.js';

/** The personal centre's account settings: profile, password, phone. */
describe.each(dialects)('account settings on $name', ({ databaseUrl }) => {
  let server: TestServer;
  let token: string;
  const auth = () => ({ Authorization: token });

  beforeAll(async () => {
    server = await startServer({ databaseUrl });
    token = (await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.data.credentials.accessToken;
  });
  afterAll(() => server.close());

  it('gives the learner their own name and phone to fill in an enquiry, never an ID number, and nobody else', async () => {
    const res = await server.request('GET', '/api/user/contact', { headers: auth() });
    expect(res.body.data).toEqual({ name: DEMO_LEARNER.name, phone: DEMO_LEARNER.phone });
    expect(res.text).not.toContain(DEMO_LEARNER.idCard);
    expect((await server.request('GET', '/api/user/contact')).status).toBe(401);
  });

  it('shows the profile with phone and ID number masked', async () => {
    const res = await server.request('GET', '/api/user/profile', { headers: auth() });
    expect(res.body.data).toMatchObject({
      name: DEMO_LEARNER.name,
      phone: '138****0001',
      idCard: '110***********1233',
    });
    expect(res.text).not.toContain(DEMO_LEARNER.idCard);
    expect(res.text).not.toContain(DEMO_LEARNER.phone);
  });

  it('changes the password only with the current one, encrypted or plain', async () => {
    const url = '/api/user/update-password';
    const wrong = await server.request('POST', url, {
      json: { oldPassword: 'not-it', newPassword: 'new-pass-1' },
      headers: auth(),
    });
    expect(wrong.body.code).toBe(ErrorCode.WRONG_PASSWORD);
    const short = await server.request('POST', url, {
      json: { oldPassword: DEMO_LEARNER.password, newPassword: '123' },
      headers: auth(),
    });
    expect(short.body.msg).toBe('密码不能少于6位');
    // spaces at either end are not part of it: login trims them (spec §3)
    const padded = await server.request('POST', url, {
      json: { oldPassword: DEMO_LEARNER.password, newPassword: '  12345  ' },
      headers: auth(),
    });
    expect(padded.body.msg).toBe('密码不能少于6位');
    // what guessers try first: a common password, one key repeated, a run of keys
    for (const guessable of [
      'woaini1314',
      '88888888',
      '12345678',
      '987654',
      'QWERTY',
      'abcd1234',
      'P@ssw0rd',
      '123123123',
    ]) {
      const simple = await server.request('POST', url, {
        json: { oldPassword: DEMO_LEARNER.password, newPassword: guessable },
        headers: auth(),
      });
      expect(simple.body, guessable).toMatchObject({
        code: ErrorCode.BAD_REQUEST,
        msg: '密码过于简单，请换一个不易被猜到的密码',
      });
    }

    // nor what others know of him: his phone
    const personal = await server.request('POST', url, {
      json: { oldPassword: DEMO_LEARNER.password, newPassword: `zx${DEMO_LEARNER.phone}` },
      headers: auth(),
    });
    expect(personal.body).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      msg: '密码不能包含手机号、账号或身份证号中的数字',
    });

    const key = await publicKeyOf(server);
    const ok = await server.request('POST', url, {
      json: { oldPassword: encrypt(DEMO_LEARNER.password, key), newPassword: encrypt(' new-pass-1 ', key) },
      headers: auth(),
    });
    expect(ok.body.data).toEqual({ updated: true });
    expect((await login(server, DEMO_LEARNER.account, DEMO_LEARNER.password)).body.code).toBe(
      ErrorCode.WRONG_CREDENTIALS,
    );
    const fresh = await login(server, DEMO_LEARNER.account, 'new-pass-1');
    expect(fresh.body.code).toBe(200);
    token = fresh.body.data.credentials.accessToken;
    expect(server.logs.join('')).not.toContain('new-pass-1');
  });

  it('changes the phone with a code sent to the new number and one to the current, never to someone else’s', async () => {
    const newPhone = '13900000009';
    const sendTo = (tel: string) => server.request('GET', `/api/user/send-phone-code/${tel}`, { headers: auth() });
    const change = (json: Record<string, string>) =>
      server.request('POST', '/api/user/update-phone', { json, headers: auth() });
    expect((await server.request('GET', `/api/user/send-phone-code/${newPhone}`)).status).toBe(401);
    const same = await sendTo(DEMO_LEARNER.phone);
    expect(same.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '新手机号与当前手机号相同' });
    expect((await sendTo(newPhone)).body.code).toBe(200);
    const code = await lastSmsCode(server, newPhone);

    // a stolen session holds the new phone, not the current one: no move onto the thief's number
    const noProof = await change({ telPhoto: newPhone, checkCode: code });
    expect(noProof.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '请输入原手机号收到的验证码' });
    const guessed = await change({ telPhoto: newPhone, checkCode: code, oldCheckCode: '000000' });
    expect(guessed.body.code).toBe(ErrorCode.WRONG_CHECK_CODE); // none was sent to it yet
    await server.ctx.limiters.checkCodePerPhone.reset(DEMO_LEARNER.phone); // asked above (the same number)
    expect((await server.request('GET', '/api/user/send-own-phone-code', { headers: auth() })).body.code).toBe(200);
    const oldCode = await lastSmsCode(server, DEMO_LEARNER.phone);
    const wrongOld = await change({
      telPhoto: newPhone,
      checkCode: code,
      oldCheckCode: oldCode === '111111' ? '222222' : '111111',
    });
    expect(wrongOld.body).toMatchObject({ code: ErrorCode.WRONG_CHECK_CODE, msg: '原手机号的验证码输入错误' });
    const wrongNew = await change({ telPhoto: newPhone, checkCode: '000000', oldCheckCode: oldCode });
    expect(wrongNew.body.code).toBe(ErrorCode.WRONG_CHECK_CODE);
    expect((await server.request('GET', '/api/user/profile', { headers: auth() })).body.data.phone).toBe('138****0001');

    // a wrong guess at one code did not spend the other
    const ok = await change({ telPhoto: newPhone, checkCode: code, oldCheckCode: oldCode });
    expect(ok.body.data).toEqual({ phone: '139****0009' });
    const profile = await server.request('GET', '/api/user/profile', { headers: auth() });
    expect(profile.body.data.phone).toBe('139****0009');
    // both codes are spent: neither logs in again
    const replay = await server.request('POST', '/api/user/update-phone', {
      json: { telPhoto: DEMO_LEARNER.phone, checkCode: oldCode, oldCheckCode: code },
      headers: auth(),
    });
    expect(replay.body.code).toBe(ErrorCode.WRONG_CHECK_CODE);

    // the administrator's number belongs to the administrator: no text to it
    const others = await sendTo(DEMO_ADMIN.phone);
    expect(others.status).toBe(409);
    expect(others.body.msg).toBe('该手机号已被其他账号使用');
    const outbox = await server.request('GET', `/api/dev/sms-outbox?tel=${DEMO_ADMIN.phone}`);
    expect(outbox.body.data.list).toHaveLength(0);
    // and a code he had some other way (a login code) does not make it his either
    await server.ctx.db.deleteFrom('check_codes').execute();
    await server.ctx.limiters.checkCodePerPhone.reset(DEMO_ADMIN.phone); // the minute between texts
    await server.ctx.limiters.checkCodePerPhone.reset(newPhone);
    await server.request('GET', `/api/train/person/send-check-code/${DEMO_ADMIN.phone}`);
    await server.request('GET', '/api/user/send-own-phone-code', { headers: auth() });
    const taken = await change({
      telPhoto: DEMO_ADMIN.phone,
      checkCode: await lastSmsCode(server, DEMO_ADMIN.phone),
      oldCheckCode: await lastSmsCode(server, newPhone),
    });
    expect(taken.status).toBe(409);
  });

  it('asks an account without a phone for its password before giving it one', async () => {
    // (the password is the one set above)
    await server.ctx.db
      .updateTable('persons')
      .set({ phone: null })
      .where('id', '=', (await server.request('GET', '/api/user/profile', { headers: auth() })).body.data.userId)
      .execute();
    const newPhone = '13900000019';
    await server.request('GET', `/api/user/send-phone-code/${newPhone}`, { headers: auth() });
    const code = await lastSmsCode(server, newPhone);
    const change = (json: Record<string, string>) =>
      server.request('POST', '/api/user/update-phone', { json, headers: auth() });
    expect((await change({ telPhoto: newPhone, checkCode: code })).body).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      msg: '请输入密码',
    });
    expect((await change({ telPhoto: newPhone, checkCode: code, password: 'not-it' })).body.code).toBe(
      ErrorCode.WRONG_PASSWORD,
    );
    const key = await publicKeyOf(server);
    const ok = await change({ telPhoto: newPhone, checkCode: code, password: encrypt('new-pass-1', key) });
    expect(ok.body.data).toEqual({ phone: '139****0019' });
    expect(server.logs.join('')).not.toContain('new-pass-1');
  });
});
