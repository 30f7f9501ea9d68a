import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '../../test/harness.js';
import { createLocalBus, createRedisBus, type BusEvent, type RealtimeBus } from './realtime-bus.js';

const buses: Array<{ name: string; make: (onError: (err: unknown) => void) => Promise<RealtimeBus> }> = [
  { name: 'one node', make: async (onError) => createLocalBus(onError) },
  ...(TEST_REDIS_URL
    ? [
        {
          name: 'redis',
          make: (onError: (err: unknown) => void) =>
            createRedisBus(TEST_REDIS_URL!, `anxun-test-${crypto.randomBytes(6).toString('hex')}:`, onError),
        },
      ]
    : []),
];

describe.each(buses)('realtime bus ($name)', ({ make }) => {
  it('a handler that throws on an event is reported; the other handlers still get it and the node lives on', async () => {
    const errors: unknown[] = [];
    const bus = await make((err) => errors.push(err));
    const seen: BusEvent[] = [];
    bus.subscribe(() => {
      throw new Error('an event this handler does not know');
    });
    bus.subscribe((event) => seen.push(event));
    try {
      const event: BusEvent = { type: 'person.changed', personIds: ['p1'] };
      await bus.publish(event);
      for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(seen).toEqual([event]);
      expect(errors).toHaveLength(1);
      await bus.publish({ type: 'person.changed' });
      for (let i = 0; i < 100 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      expect(seen).toHaveLength(2);
    } finally {
      await bus.close();
    }
  });
});
