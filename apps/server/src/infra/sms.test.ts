import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LEARNER } from '../seed/demo-accounts.js';
import { holdsCode, startServer, type TestServer } from '../../test/harness.js';
import { startSmsDouble, type SmsDouble } from '../../test/sms-provider-double.js';
import { loadConfig } from './config.js';
import { clientOnFirstUse, SmsError } from './sms.js';

const SECRET = 'provider-secret-0123456789';
const phone = DEMO_LEARNER.phone;

const keysOf = (provider: string, endpoint: string, secret: string): Record<string, string> =>
  provider === 'webhook'
    ? { SMS_WEBHOOK_URL: `${endpoint}/sms`, SMS_WEBHOOK_SECRET: secret }
    : {
        SMS_ACCESS_KEY_ID: 'test-key-id',
        SMS_ACCESS_KEY_SECRET: secret,
        SMS_SIGN_NAME: '安训',
        SMS_ENDPOINT: endpoint,
      };

/**
 * Real SMS delivery (issue: trust): each provider, through its official SDK or signed HTTP,
 * against a local double that checks the signature as the service documents it; its error
 * answers become messages a learner can act on; the code never appears in a log.
 */
describe.each([
  { provider: 'aliyun' as const, env: { SMS_TEMPLATE: 'SMS_123456789' }, phoneSent: phone },
  {
    provider: 'tencent' as const,
    env: { SMS_TEMPLATE: '1234567', SMS_APP_ID: '1400000000' },
    phoneSent: `+86${phone}`,
  },
  { provider: 'webhook' as const, env: {}, phoneSent: phone },
])('SMS through $provider', ({ provider, env, phoneSent }) => {
  let double: SmsDouble;
  let server: TestServer;
  let now = Date.now();
  // a minute apart: one code a minute per number
  const send = () => {
    now += 61_000;
    return server.request('GET', `/api/train/person/send-check-code/${phone}`);
  };

  beforeAll(async () => {
    double = await startSmsDouble(provider, SECRET);
    const keys: Record<string, string> =
      provider === 'webhook'
        ? { SMS_WEBHOOK_URL: `${double.endpoint}/sms`, SMS_WEBHOOK_SECRET: SECRET }
        : {
            SMS_ACCESS_KEY_ID: 'test-key-id',
            SMS_ACCESS_KEY_SECRET: SECRET,
            SMS_SIGN_NAME: '安训',
            SMS_ENDPOINT: double.endpoint,
          };
    server = await startServer({
      env: {
        SMS_PROVIDER: provider,
        NODE_ENV: 'production',
        DEMO_SEED: '1',
        ...keys,
        ...(env as Record<string, string>),
      },
      now: () => now,
      configure: (config) => {
        config.rateLimits.checkCodePerPhone = { points: 100, durationSeconds: 1 };
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await double.close();
  });

  it('sends the code, signed, and the learner logs in with it; no log holds it', async () => {
    const res = await send();
    expect(res.status, res.text).toBe(200);
    expect(double.forged).toBe(0);
    expect(double.received).toHaveLength(1);
    const [sent] = double.received;
    expect(sent!.phone).toBe(phoneSent);
    const code = sent!.params[0]!;
    expect(code).toMatch(/^\d{6}$/);
    const login = await server.request('POST', '/api/login', {
      json: { telPhoto: phone, checkCode: code, client: 'study-mp' },
    });
    expect(login.status, login.text).toBe(200);
    expect(holdsCode(server.logs.join('\n'), code)).toBe(false);
    // there is no outbox to read in production
    expect((await server.request('GET', `/api/dev/sms-outbox?tel=${phone}`)).status).toBe(404);
  });

  it('is refused by the provider when signed with another secret (the double checks signatures)', async () => {
    const wrong = await startServer({
      env: {
        SMS_PROVIDER: provider,
        NODE_ENV: 'production',
        DEMO_SEED: '1',
        ...keysOf(provider, double.endpoint, 'another-secret-0123456789'),
        ...(env as Record<string, string>),
      },
    });
    try {
      const forgedBefore = double.forged;
      const res = await wrong.request('GET', `/api/train/person/send-check-code/${phone}`);
      expect(res.status, res.text).toBe(503);
      expect(double.forged).toBe(forgedBefore + 1);
    } finally {
      await wrong.close();
    }
  });

  it.each([
    ['rate-limited', 429, '过于频繁'],
    ['invalid-number', 400, '无法接收短信'],
    ['down', 503, '短信发送失败'],
  ] as const)('says so when the provider answers %s, and keeps no code', async (answer, status, msg) => {
    double.answer = answer;
    await new Promise((r) => setTimeout(r, 1100));
    const res = await send();
    double.answer = 'ok';
    expect(res.status, res.text).toBe(status);
    expect(res.body.msg).toContain(msg);
    // the code that was not delivered does not work either: none is waiting
    const rows = await server.ctx.db
      .selectFrom('check_codes')
      .select('id')
      .where('phone', '=', phone)
      .where('used_at', 'is', null)
      .execute();
    expect(rows).toHaveLength(0);
  });
});

describe('the console SMS provider', () => {
  it('refuses to start in production unless allowed, and then never prints a code whole', async () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMS_PROVIDER=console in production/);
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(/needs SMS_ACCESS_KEY_ID, SMS_ACCESS_KEY_SECRET/);
    const server = await startServer({ env: { NODE_ENV: 'production', SMS_ALLOW_CONSOLE: '1', DEMO_SEED: '1' } });
    try {
      expect((await server.request('GET', `/api/train/person/send-check-code/${phone}`)).status).toBe(200);
      const printed = server.logs.find((l) => l.includes('[sms:console]'));
      expect(printed).toBeDefined();
      expect(printed).not.toMatch(/\d{6}/);
      expect(printed).toContain('*****');
    } finally {
      await server.close();
    }
  });
});

describe('an SMS SDK loaded at the first message', () => {
  it('that cannot be loaded is a failed send (the learner is told, not a 500), tried again at the next message', async () => {
    let attempts = 0;
    const client = clientOnFirstUse('aliyun', async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Cannot find module');
      return { send: 'ok' };
    });
    const first = await client().catch((err: unknown) => err);
    expect(first).toBeInstanceOf(SmsError);
    expect((first as SmsError).kind).toBe('FAILED');
    expect(await client()).toEqual({ send: 'ok' });
    expect(await client()).toEqual({ send: 'ok' });
    expect(attempts).toBe(2);
  });
});
