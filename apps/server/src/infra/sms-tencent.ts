import type { SmsConfig } from './config.js';
import { clientOnFirstUse, SmsError, type SmsSender } from './sms.js';

/** Tencent Cloud's answers that a learner can act on; any other is a failure to send. */
function kindOf(code: string): SmsError['kind'] {
  if (code.startsWith('LimitExceeded.')) return 'RATE_LIMITED';
  if (code === 'InvalidParameterValue.IncorrectPhoneNumber' || code === 'FailedOperation.PhoneNumberInBlacklist') {
    return 'INVALID_NUMBER';
  }
  return 'FAILED';
}

/**
 * Tencent Cloud SMS (2021-01-11, SendSms) through its official SDK: the application's
 * SdkAppId, the approved signature and template ({1} the code, {2} its minutes).
 */
export function createTencentSms(config: SmsConfig): SmsSender {
  const connected = clientOnFirstUse('tencent', () => connect(config));
  return {
    async sendCode(phone, code, minutes) {
      const client = await connected();
      let status: { Code?: string; Message?: string } | undefined;
      try {
        const res = await client.SendSms({
          PhoneNumberSet: [`+86${phone}`],
          SmsSdkAppId: config.appId!,
          SignName: config.signName,
          TemplateId: config.template!,
          TemplateParamSet: [code, String(minutes)],
        });
        status = res.SendStatusSet?.[0];
      } catch (err) {
        const e = err as { code?: string; message?: string };
        throw new SmsError(kindOf(e.code ?? ''), `tencent ${e.code ?? 'error'}: ${e.message ?? ''}`);
      }
      if (status?.Code !== 'Ok') {
        throw new SmsError(kindOf(status?.Code ?? ''), `tencent ${status?.Code}: ${status?.Message}`);
      }
    },
  };
}

/** The SDK and a client, made at the first message (the SDK takes ~0.2 s to load). */
async function connect(config: SmsConfig) {
  const tencentcloud = await import('tencentcloud-sdk-nodejs-sms');
  const endpoint = config.endpoint ?? 'sms.tencentcloudapi.com';
  return new tencentcloud.sms.v20210111.Client({
    credential: { secretId: config.accessKeyId, secretKey: config.accessKeySecret },
    region: config.region,
    profile: {
      httpProfile: {
        endpoint: endpoint.replace(/^https?:\/\//, ''),
        protocol: endpoint.startsWith('http://') ? 'http://' : 'https://',
        reqTimeout: 5,
      },
    },
  });
}
