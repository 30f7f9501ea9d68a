import type { SmsConfig } from './config.js';
import { clientOnFirstUse, SmsError, type SmsSender } from './sms.js';

/** Alibaba Cloud's answers that a learner can act on; any other is a failure to send. */
const KINDS: Record<string, SmsError['kind']> = {
  'isv.BUSINESS_LIMIT_CONTROL': 'RATE_LIMITED',
  'isv.DAY_LIMIT_CONTROL': 'RATE_LIMITED',
  'isv.MOBILE_NUMBER_ILLEGAL': 'INVALID_NUMBER',
  'isv.MOBILE_COUNT_OVER_LIMIT': 'INVALID_NUMBER',
};

/** The SDK and a client, made at the first message (the SDK takes ~0.8 s to load). */
async function connect(config: SmsConfig) {
  const [Dysmsapi, OpenApi] = await Promise.all([
    import('@alicloud/dysmsapi20170525'),
    import('@alicloud/openapi-core'),
  ]);
  // the SDK is CommonJS with its client as the default export
  const Client = (Dysmsapi as unknown as { default: typeof Dysmsapi.default }).default;
  const endpoint = config.endpoint ?? 'dysmsapi.aliyuncs.com';
  const client = new Client(
    new OpenApi.$OpenApiUtil.Config({
      accessKeyId: config.accessKeyId,
      accessKeySecret: config.accessKeySecret,
      endpoint: endpoint.replace(/^https?:\/\//, ''),
      protocol: endpoint.startsWith('http://') ? 'http' : 'https',
      readTimeout: 5000,
      connectTimeout: 3000,
    }),
  );
  return { Dysmsapi, client };
}

/**
 * Alibaba Cloud SMS (dysmsapi 2017-05-25, SendSms) through its official SDK: the approved
 * signature and template (with `${code}`), keys from the environment.
 */
export function createAliyunSms(config: SmsConfig): SmsSender {
  const connected = clientOnFirstUse('aliyun', () => connect(config));
  return {
    async sendCode(phone, code) {
      const { Dysmsapi, client } = await connected();
      let answer: { code?: string; message?: string } | undefined;
      try {
        const res = await client.sendSms(
          new Dysmsapi.SendSmsRequest({
            phoneNumbers: phone,
            signName: config.signName,
            templateCode: config.template,
            templateParam: JSON.stringify({ code }),
          }),
        );
        answer = res.body;
      } catch (err) {
        const e = err as { code?: string; message?: string };
        throw new SmsError(KINDS[e.code ?? ''] ?? 'FAILED', `aliyun ${e.code ?? 'error'}: ${e.message ?? ''}`);
      }
      if (answer?.code !== 'OK') {
        throw new SmsError(KINDS[answer?.code ?? ''] ?? 'FAILED', `aliyun ${answer?.code}: ${answer?.message}`);
      }
    },
  };
}
