import { ErrorCode } from '@anxun/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LEARNER } from '../../seed/demo-accounts.js';
import {
  addLearner,
  dialects,
  encrypt,
  lastSmsCode,
  login,
  publicKeyOf,
  startServer,
  type TestServer,
} from '../../../test/harness.js';

describe.each(dialects)('account login on $name', ({ databaseUrl }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ databaseUrl, env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => server.close());

  it('serves an RSA-2048 public key in PEM', async () => {
    const res = await server.request('GET', '/publicKey');
    expect(res.body.code).toBe(200);
    expect(res.body.data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(res.body.data.algorithm).toBe('RSA-OAEP-256');
  });

  it('logs in by account name (in any case, as it is unique), ID card number and phone, with the ID number masked', async () => {
    const shouted = DEMO_LEARNER.account.toUpperCase();
    expect(shouted).not.toBe(DEMO_LEARNER.account);
    for (const username of [DEMO_LEARNER.account, shouted, DEMO_LEARNER.idCard, DEMO_LEARNER.phone]) {
      const res = await login(server, username, DEMO_LEARNER.password);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(200);
      expect(res.body.data.credentials.accessToken).toEqual(expect.any(String));
      expect(res.body.data.credentials.refreshToken).toEqual(expect.any(String));
      expect(res.body.data.roles).toMatchObject({ userName: DEMO_LEARNER.name, orgCode: '00000' });
      expect(res.body.data.roles.idCard).toBe('110***********1233');
      expect(res.text).not.toContain(DEMO_LEARNER.idCard);
      expect(res.text).not.toContain(DEMO_LEARNER.password);
    }
  });

  it('accepts every field RSA-OAEP encrypted', async () => {
    const key = await publicKeyOf(server);
    const res = await server.request('POST', '/api/login', {
      json: {
        username: encrypt(DEMO_LEARNER.account, key),
        password: encrypt(DEMO_LEARNER.password, key),
        client: encrypt('study-mp', key),
      },
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data.roles.userName).toBe(DEMO_LEARNER.name);
  });

  it('accepts credentials in the query string for compatibility', async () => {
    const key = await publicKeyOf(server);
    const q = new URLSearchParams({
      username: encrypt(DEMO_LEARNER.account, key),
      password: encrypt(DEMO_LEARNER.password, key),
      client: 'study-mp',
    });
    const res = await server.request('POST', `/api/login?${q}`);
    expect(res.body.code).toBe(200);
  });

  it('answers wrong credentials with a clear message and no token', async () => {
    const wrongPassword = await login(server, DEMO_LEARNER.account, 'not-the-password');
    const unknownUser = await login(server, 'nobody-here', 'whatever1');
    for (const res of [wrongPassword, unknownUser]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: ErrorCode.WRONG_CREDENTIALS, msg: '用户名或密码错误', data: null });
    }
  });

  it('says which login field is missing, with the spec §5 texts', async () => {
    const noUser = await server.request('POST', '/api/login', { json: { username: '  ', password: 'x' } });
    expect(noUser.status).toBe(400);
    expect(noUser.body.msg).toBe('请输入用户名');
    const noPassword = await server.request('POST', '/api/login', { json: { username: 'demo' } });
    expect(noPassword.body.msg).toBe('请输入密码');
    const nothing = await server.request('POST', '/api/login', { json: {} });
    expect(nothing.body.msg).toBe('请输入用户名');
  });

  it('refuses ciphertext that does not decrypt with a 400 envelope', async () => {
    const key = await publicKeyOf(server);
    const forged = Buffer.from(encrypt('demo', key), 'base64');
    forged[10] = forged[10]! ^ 0xff;
    const res = await server.request('POST', '/api/login', {
      json: { username: forged.toString('base64'), password: 'demo1234' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCode.BAD_CIPHERTEXT);
  });

  it('answers a guesser the same for a real account and an unknown name, and the real user elsewhere still logs in', async () => {
    await addLearner(server, { account: 'lockme', password: 'right-password' });
    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    for (const name of ['lockme', 'nobody-at-all']) {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await login(server, name, `wrong-${i}`, from('198.51.100.7'))).body.code);
      expect(codes, name).toEqual([...Array(5).fill(ErrorCode.WRONG_CREDENTIALS), ErrorCode.RATE_LIMITED]);
    }
    const stranger = await login(server, 'lockme', 'wrong-again', from('198.51.100.7'));
    const unknown = await login(server, 'nobody-at-all', 'wrong-again', from('198.51.100.7'));
    expect(stranger.status).toBe(429);
    expect(unknown.status).toBe(429);
    expect(stranger.body.msg).toBe(unknown.body.msg);
    expect(stranger.body.msg).toContain('手机验证码登录');
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
    // even the right password from the guesser's address waits
    expect((await login(server, 'lockme', 'right-password', from('198.51.100.7'))).status).toBe(429);
    // the learner at his own desk is not locked out by someone else's guesses
    expect((await login(server, 'lockme', 'right-password', from('203.0.113.20'))).body.code).toBe(200);
  });

  it('a burst of parallel guesses from one address gets no more tries than five', async () => {
    await addLearner(server, { account: 'burst', password: 'right-password' });
    const from = { 'X-Forwarded-For': '198.51.100.8' };
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => login(server, 'burst', `wrong-${i}`, from)));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === ErrorCode.WRONG_CREDENTIALS)).toHaveLength(5);
    expect(codes.filter((c) => c === ErrorCode.RATE_LIMITED)).toHaveLength(10);
  });

  it('parallel logins of one person leave exactly one live session', async () => {
    await addLearner(server, { account: 'parallel', password: 'parallel-pass' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => login(server, 'parallel', 'parallel-pass')));
    const codes = answers.map((a) => a.body.code);
    expect(codes.every((c) => c === 200 || c === ErrorCode.RATE_LIMITED)).toBe(true);
    const signedIn = answers.filter((a) => a.body.code === 200);
    expect(signedIn.length).toBeGreaterThan(0);
    const live = await Promise.all(
      signedIn.map((a) =>
        server.request('GET', '/api/user/info', { headers: { Authorization: a.body.data.credentials.accessToken } }),
      ),
    );
    expect(live.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(live.filter((r) => r.body.code === 40003)).toHaveLength(signedIn.length - 1);
    // a double submit is not a lockout
    expect((await login(server, 'parallel', 'parallel-pass')).body.code).toBe(200);
  });

  it('refuses a NUL byte in any field with a 400, not a 500', async () => {
    const res = await server.request('POST', '/api/login', { json: { username: 'demo\u0000', password: 'x' } });
    expect(res.status).toBe(400);
    for (const url of ['/api/base/baseorg/select-code/%00', '/api/base/baseorg/select/a%00b', '/api/file/view/%00']) {
      const r = await server.request('GET', url);
      expect(r.status, url).toBe(400);
      expect(r.body.code).toBe(ErrorCode.BAD_REQUEST);
    }
  });

  it('stops guessers from many addresses at the account-wide ceiling; a phone code lifts it', async () => {
    const ceiling = await startServer({
      databaseUrl,
      env: { TRUST_PROXY: '1' },
      configure: (c) => {
        c.rateLimits.loginPerAccount = { points: 12, durationSeconds: 900 };
      },
    });
    try {
      const personId = await addLearner(ceiling, {
        account: 'ceiling',
        password: 'right-password',
        phone: '13900000077',
      });
      const codes: number[] = [];
      for (let address = 0; address < 4; address++) {
        for (let i = 0; i < 4; i++) {
          const res = await login(ceiling, 'ceiling', `wrong-${address}-${i}`, {
            'X-Forwarded-For': `198.51.100.${address + 20}`,
          });
          codes.push(res.body.code);
        }
      }
      // twelve guesses compared (four addresses × four is sixteen tries), the rest refused
      expect(codes.filter((c) => c === ErrorCode.WRONG_CREDENTIALS)).toHaveLength(12);
      expect(codes.slice(12).every((c) => c === ErrorCode.RATE_LIMITED)).toBe(true);
      // now the account is locked everywhere, and the console can see it
      expect((await login(ceiling, 'ceiling', 'right-password', { 'X-Forwarded-For': '203.0.113.21' })).status).toBe(
        429,
      );
      const row = await ceiling.ctx.db
        .selectFrom('persons')
        .select('locked_until')
        .where('id', '=', personId)
        .executeTakeFirstOrThrow();
      expect(Number(row.locked_until)).toBeGreaterThan(Date.now());
      // the phone code still works, and lifts the lock
      await ceiling.request('GET', '/api/train/person/send-check-code/13900000077');
      const code = await lastSmsCode(ceiling, '13900000077');
      const byPhone = await ceiling.request('POST', '/api/login', {
        json: { telPhoto: '13900000077', checkCode: code, client: 'study-mp' },
      });
      expect(byPhone.status, byPhone.text).toBe(200);
      expect((await login(ceiling, 'ceiling', 'right-password', { 'X-Forwarded-For': '203.0.113.21' })).body.code).toBe(
        200,
      );
    } finally {
      await ceiling.close();
    }
  });

  it('registers a learner who can then log in by ID card number', async () => {
    const phone = '13912345678';
    expect((await server.request('GET', `/api/train/person/send-check-code/${phone}?purpose=register`)).body.code).toBe(
      200,
    );
    const code = await lastSmsCode(server, phone);
    const form = {
      orgCode: '00000',
      name: '李学员',
      idCard: '11010519491231002X',
      phone,
      checkCode: code,
      password: 'secret12 ', // a space typed after it: login trims it, so does registration
    };
    const res = await server.request('POST', '/api/register', { json: form });
    expect(res.body.code).toBe(200);
    expect(res.body.data.userId).toEqual(expect.any(String));
    const byId = await login(server, '11010519491231002x', 'secret12');
    expect(byId.body.code).toBe(200);
    expect(byId.body.data.roles.userName).toBe('李学员');

    await server.request('GET', `/api/train/person/send-check-code/${phone}?purpose=register`);
    const again = await server.request('POST', '/api/register', { json: { ...form, checkCode: '000000' } });
    expect(again.body.msg).toBe('验证码输入错误');
  });

  it('rejects bad registration input with the spec texts', async () => {
    const base = {
      orgCode: '00000',
      name: '王五',
      idCard: '11010519491231002X',
      phone: '13912345679',
      checkCode: '123456',
      password: 'secret12',
    };
    const cases: Array<[Partial<typeof base>, string]> = [
      [{ password: '12345' }, '密码不能少于6位'],
      [{ password: 'qwer1234' }, '密码过于简单，请换一个不易被猜到的密码'],
      [{ password: 'wang231002X' }, '密码不能包含手机号、账号或身份证号中的数字'],
      [{ password: 'x13912345679' }, '密码不能包含手机号、账号或身份证号中的数字'],
      [{ idCard: '110105194912310021' }, '请输入正确的身份证号码'],
      [{ phone: '12345' }, '请输入正确的手机号'],
      [{ name: '<b>x</b>' }, '姓名只能包含中文、字母或数字'],
      [{ checkCode: '' }, '请输入手机验证码'],
    ];
    for (const [change, msg] of cases) {
      const res = await server.request('POST', '/api/register', { json: { ...base, ...change } });
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    const unknownOrg = await server.request('POST', '/api/register', { json: { ...base, orgCode: '99999' } });
    expect(unknownOrg.status).toBe(400);
    expect(unknownOrg.body.msg).toContain('单位编码不存在');
  });

  it('names the missing registration field with its spec text', async () => {
    const res = await server.request('POST', '/api/register', {
      json: { orgCode: '00000', name: '王五', idCard: '11010519491231002X', phone: '13912345679', checkCode: '123456' },
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('请输入密码');
  });

  it('rejects a duplicate registration clearly', async () => {
    const phone = '13712345670';
    await server.request('GET', `/api/train/person/send-check-code/${phone}?purpose=register`);
    const res = await server.request('POST', '/api/register', {
      json: {
        orgCode: '00000',
        name: '重复',
        idCard: DEMO_LEARNER.idCard,
        phone,
        checkCode: await lastSmsCode(server, phone),
        password: 'secret12',
      },
    });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('该身份证号已注册，请直接登录');
    // the form corrected, the same code registers (it was not used up by the refusal), once
    const corrected = {
      orgCode: '00000',
      name: '改正',
      idCard: '440301199912310016',
      phone,
      checkCode: await lastSmsCode(server, phone),
      password: 'secret12',
    };
    const again = await server.request('POST', '/api/register', { json: corrected });
    expect(again.status, again.text).toBe(200);
    const twice = await server.request('POST', '/api/register', {
      json: { ...corrected, idCard: '11010119900307459X' },
    });
    expect(twice.body.msg).toBe('验证码输入错误');
  });
});
