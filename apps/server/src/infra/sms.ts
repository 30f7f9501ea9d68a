import { maskPhone } from '@anxun/shared/validators';

/** Sends a text to a phone. Real providers are adapters behind this interface. */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
  /** Only the console provider keeps what it sent, for development. */
  readonly outbox?: SmsOutbox;
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

/**
 * SMS_PROVIDER=console: the development provider. The message is its delivery, so it is
 * printed (on its own line, not in the request log) and kept in an outbox that
 * `/api/dev/sms-outbox` reads. It never exists in a configuration with a real provider.
 */
export function createConsoleSms(print: (line: string) => void): SmsSender {
  const outbox = new SmsOutbox();
  return {
    outbox,
    async send(phone, text) {
      outbox.add({ phone, text, sentAt: new Date().toISOString() });
      print(`[sms:console] to ${maskPhone(phone)}: ${text}`);
    },
  };
}
