import crypto from 'node:crypto';
import http from 'node:http';

/**
 * A local stand-in for Alibaba Cloud SMS, Tencent Cloud SMS and a webhook receiver: it
 * checks each request's signature as the real service documents it (Alibaba Cloud V3
 * ACS3-HMAC-SHA256, Tencent Cloud TC3-HMAC-SHA256, the webhook's HMAC-SHA256) and answers
 * as the service does — success, or the error a test asks for.
 */
export interface SmsDouble {
  endpoint: string;
  /** what arrived with a valid signature: phone and template parameters */
  received: Array<{ phone: string; params: string[] }>;
  /** requests whose signature did not check */
  forged: number;
  /** the next answer: ok, or a provider error */
  answer: 'ok' | 'rate-limited' | 'invalid-number' | 'down';
  close(): Promise<void>;
}

const sha256 = (data: string) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest();
/** RFC 3986 percent-encoding, as Alibaba Cloud's canonical query string wants it */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function aliyunSignatureOk(req: http.IncomingMessage, body: string, secret: string): boolean {
  const auth = String(req.headers.authorization ?? '');
  const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(auth);
  if (!match) return false;
  const url = new URL(req.url ?? '/', 'http://x');
  const query = [...url.searchParams.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .join('&');
  const signed = match[2]!.split(';');
  const headers = signed.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`).join('');
  if (req.headers['x-acs-content-sha256'] !== sha256(body)) return false;
  const canonical = ['POST', url.pathname, query, headers, match[2], sha256(body)].join('\n');
  const expected = hmac(secret, `ACS3-HMAC-SHA256\n${sha256(canonical)}`).toString('hex');
  return expected === match[3];
}

function tencentSignatureOk(req: http.IncomingMessage, body: string, secret: string): boolean {
  const auth = String(req.headers.authorization ?? '');
  const match =
    /^TC3-HMAC-SHA256 Credential=[^/]+\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]+)$/.exec(
      auth,
    );
  if (!match) return false;
  const [, date, service, signedHeaders, signature] = match;
  // the host as the real service sees it: a name, no port (the SDK signs the URL's hostname)
  const value = (h: string) => String(req.headers[h] ?? '').trim();
  const headers = signedHeaders!
    .split(';')
    .map((h) => `${h}:${h === 'host' ? value(h).replace(/:\d+$/, '') : value(h)}\n`)
    .join('');
  const canonical = ['POST', '/', '', headers, signedHeaders, sha256(body)].join('\n');
  const timestamp = String(req.headers['x-tc-timestamp']);
  const toSign = ['TC3-HMAC-SHA256', timestamp, `${date}/${service}/tc3_request`, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(`TC3${secret}`, date!), service!), 'tc3_request');
  return hmac(key, toSign).toString('hex') === signature;
}

function webhookSignatureOk(req: http.IncomingMessage, body: string, secret: string): boolean {
  const timestamp = String(req.headers['x-anxun-timestamp'] ?? '');
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return expected === req.headers['x-anxun-signature'];
}

export async function startSmsDouble(provider: 'aliyun' | 'tencent' | 'webhook', secret: string): Promise<SmsDouble> {
  const double: Omit<SmsDouble, 'endpoint' | 'close'> = { received: [], forged: 0, answer: 'ok' };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (provider === 'aliyun') {
        if (!aliyunSignatureOk(req, body, secret)) {
          double.forged += 1;
          return json(400, {
            Code: 'IncompleteSignature',
            Message: 'The request signature does not conform to Aliyun standards.',
            RequestId: 'r',
          });
        }
        const query = new URL(req.url ?? '/', 'http://x').searchParams;
        const answers = {
          ok: { Code: 'OK', Message: 'OK', BizId: 'biz', RequestId: 'r' },
          'rate-limited': { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1', RequestId: 'r' },
          'invalid-number': { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号', RequestId: 'r' },
          down: { Code: 'isp.SYSTEM_ERROR', Message: 'isp.SYSTEM_ERROR', RequestId: 'r' },
        };
        if (double.answer === 'ok') {
          double.received.push({
            phone: query.get('PhoneNumbers') ?? '',
            params: Object.values(JSON.parse(query.get('TemplateParam') ?? '{}')),
          });
        }
        return json(200, answers[double.answer]);
      }
      if (provider === 'tencent') {
        if (!tencentSignatureOk(req, body, secret)) {
          double.forged += 1;
          return json(200, {
            Response: {
              Error: {
                Code: 'AuthFailure.SignatureFailure',
                Message: 'The provided credentials could not be validated.',
              },
              RequestId: 'r',
            },
          });
        }
        const request = JSON.parse(body) as { PhoneNumberSet: string[]; TemplateParamSet: string[] };
        const codes = {
          ok: ['Ok', 'send success'],
          'rate-limited': ['LimitExceeded.PhoneNumberThirtySecondLimit', '单个手机号30秒内下发短信条数超过设定的上限'],
          'invalid-number': ['InvalidParameterValue.IncorrectPhoneNumber', '手机号格式错误'],
          down: ['InternalError.Timeout', '请求下发短信超时'],
        }[double.answer];
        if (double.answer === 'ok')
          double.received.push({ phone: request.PhoneNumberSet[0]!, params: request.TemplateParamSet });
        return json(200, {
          Response: {
            SendStatusSet: [{ Code: codes[0], Message: codes[1], PhoneNumber: request.PhoneNumberSet[0] }],
            RequestId: 'r',
          },
        });
      }
      if (!webhookSignatureOk(req, body, secret)) {
        double.forged += 1;
        return json(401, { error: 'bad signature' });
      }
      const status = { ok: 204, 'rate-limited': 429, 'invalid-number': 422, down: 503 }[double.answer];
      const sent = JSON.parse(body) as { phone: string; code: string; minutes: number };
      if (status === 204) double.received.push({ phone: sent.phone, params: [sent.code, String(sent.minutes)] });
      res.writeHead(status);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return Object.assign(double, {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
