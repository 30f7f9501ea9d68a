import { maskPhone } from '@anxun/shared/validators';
import type { SmsConfig } from './config.js';
import { createAliyunSms } from './sms-aliyun.js';
import { createTencentSms } from './sms-tencent.js';
import { createWebhookSms } from './sms-webhook.js';

/** Sends a check code to a phone. Each provider is an adapter behind this interface. */
export interface SmsSender {
  sendCode(phone: string, code: string, minutes: number): Promise<void>;
  /** Only the development console provider keeps what it sent. */
  readonly outbox?: SmsOutbox;
}

/** Why a provider did not send: said to the learner in words he can act on. */
export class SmsError extends Error {
  constructor(
    readonly kind: 'RATE_LIMITED' | 'INVALID_NUMBER' | 'FAILED',
    /** the provider's own code and message, for the log (never the check code) */
    readonly detail: string,
  ) {
    super(`sms ${kind}: ${detail}`);
  }
}

/**
 * A provider's SDK client, made at the first message (the SDKs are slow to load and most
 * nodes never send): a client that cannot be made is a message that failed to send, and the
 * next message tries again.
 */
export function clientOnFirstUse<T>(provider: string, make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return async () => {
    try {
      return await (made ??= make());
    } catch (err) {
      made = undefined;
      throw new SmsError('FAILED', `${provider} SDK: ${(err as Error).message}`);
    }
  };
}

export interface OutboxMessage {
  phone: string;
  text: string;
  sentAt: string;
}

export class SmsOutbox {
  private readonly byPhone = new Map<string, OutboxMessage[]>();
  constructor(private readonly keepPerPhone = 10) {}

  add(message: OutboxMessage): void {
    const list = this.byPhone.get(message.phone) ?? [];
    list.unshift(message);
    this.byPhone.set(message.phone, list.slice(0, this.keepPerPhone));
  }

  list(phone: string): OutboxMessage[] {
    return this.byPhone.get(phone) ?? [];
  }
}

/** The text a learner receives (the console shows it; the providers' templates say the same). */
export const checkCodeText = (code: string, minutes: number) =>
  `【安训】您的验证码是${code}，${minutes}分钟内有效，请勿告诉他人。`;

/**
 * SMS_PROVIDER=console: the development provider. The message is its delivery, so it is
 * printed (on its own line, not in the request log) and kept in an outbox that
 * `/api/dev/sms-outbox` reads. In production it runs only with SMS_ALLOW_CONSOLE=1, keeps no
 * outbox and never prints a code whole: whoever reads the logs must not be able to log in.
 */
export function createConsoleSms(print: (line: string) => void, printCodes = true): SmsSender {
  const outbox = printCodes ? new SmsOutbox() : undefined;
  return {
    outbox,
    async sendCode(phone, code, minutes) {
      const text = checkCodeText(printCodes ? code : '******', minutes);
      outbox?.add({ phone, text, sentAt: new Date().toISOString() });
      print(`[sms:console] to ${maskPhone(phone)}: ${text}${printCodes ? '' : ' (not sent: no SMS provider)'}`);
    },
  };
}

/** The configured provider. */
export function createSms(config: SmsConfig, print: (line: string) => void): SmsSender {
  switch (config.provider) {
    case 'aliyun':
      return createAliyunSms(config);
    case 'tencent':
      return createTencentSms(config);
    case 'webhook':
      return createWebhookSms(config);
    default:
      return createConsoleSms(print, config.printCodes);
  }
}
