import { describe, expect, it } from 'vitest';
import { nextHeartbeatDelay } from './realtime';

describe('heartbeat interval (spec §4)', () => {
  it('grows by 120 s after an answered beat and resets to 60 s after a missed one', () => {
    expect(nextHeartbeatDelay(60_000, true)).toBe(180_000);
    expect(nextHeartbeatDelay(180_000, true)).toBe(300_000);
    expect(nextHeartbeatDelay(300_000, false)).toBe(60_000);
  });
});
