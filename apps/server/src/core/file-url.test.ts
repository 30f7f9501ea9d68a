import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidPlaySignature, signedPlayUrl } from './file-url.js';

const parts = (url: string) => {
  const u = new URL(url, 'http://node');
  return { exp: Number(u.searchParams.get('exp')), sig: u.searchParams.get('sig')! };
};

describe('signed play URLs', () => {
  it("are the node's own: one node's URL does not play on another, even for the same video and time", () => {
    const a = crypto.randomBytes(32);
    const b = crypto.randomBytes(32);
    const now = Date.UTC(2026, 10, 27, 1, 2, 3);
    const fromA = signedPlayUrl(a, 'vod-1', now);
    const fromB = signedPlayUrl(b, 'vod-1', now);
    expect(fromA).not.toBe(fromB);
    const { exp, sig } = parts(fromA);
    expect(isValidPlaySignature(a, 'vod-1', exp, sig, now)).toBe(true);
    expect(isValidPlaySignature(b, 'vod-1', exp, sig, now)).toBe(false);
    expect(isValidPlaySignature(a, 'vod-2', exp, sig, now)).toBe(false);
  });

  it('stay the same within ten minutes, move on after, and stop working once expired', () => {
    const secret = crypto.randomBytes(32);
    const start = Date.UTC(2026, 10, 27, 1, 0, 1);
    const first = signedPlayUrl(secret, 'vod-1', start);
    expect(signedPlayUrl(secret, 'vod-1', start + 9 * 60_000)).toBe(first);
    const later = signedPlayUrl(secret, 'vod-1', start + 11 * 60_000);
    expect(later).not.toBe(first);
    const { exp, sig } = parts(first);
    expect(isValidPlaySignature(secret, 'vod-1', exp, sig, start + 2 * 3_600_000)).toBe(true);
    expect(isValidPlaySignature(secret, 'vod-1', exp, sig, exp * 1000 + 1)).toBe(false);
  });
});
