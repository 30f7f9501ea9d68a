import { createHmac } from 'node:crypto';
import type { SmsConfig } from './config.js';
import { SmsError, checkCodeText, type SmsSender } from './sms.js';

/**
 * A generic HTTP webhook: the code is POSTed as JSON `{ phone, code, minutes, text }` to
 * SMS_WEBHOOK_URL with `x-anxun-timestamp` (Unix seconds) and `x-anxun-signature`, the hex
 * HMAC-SHA256 of `timestamp.body` under SMS_WEBHOOK_SECRET (the receiver checks both, and
 * refuses a timestamp more than five minutes off). 2xx: sent; 429: too many for the number
 * now; 400/422: the number cannot receive; anything else: not sent.
 */
export function createWebhookSms(config: SmsConfig): SmsSender {
  const url = config.webhookUrl!;
  const secret = config.webhookSecret!;
  return {
    async sendCode(phone, code, minutes) {
      const body = JSON.stringify({ phone, code, minutes, text: checkCodeText(code, minutes) });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-anxun-timestamp': timestamp,
            'x-anxun-signature': signature,
          },
          body,
          signal: AbortSignal.timeout(5000),
        });
      } catch (err) {
        throw new SmsError('FAILED', `webhook: ${(err as Error).message}`);
      }
      if (res.ok) return;
      const kind =
        res.status === 429 ? 'RATE_LIMITED' : res.status === 400 || res.status === 422 ? 'INVALID_NUMBER' : 'FAILED';
      // the receiver's body is not logged: one that echoes the request would put the code there
      throw new SmsError(kind, `webhook HTTP ${res.status}`);
    },
  };
}
