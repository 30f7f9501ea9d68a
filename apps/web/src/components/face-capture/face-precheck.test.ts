// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { precheckWanted, steadyFrames, type FrameCheck } from './face-precheck';

const withConnection = (connection: object | undefined) =>
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });

afterEach(() => withConnection(undefined));

describe('whether the camera loads the face pre-check', () => {
  it('skips it on a connection that asked to save data, or on 2G', () => {
    withConnection({ saveData: true, effectiveType: '4g' });
    expect(precheckWanted()).toBe(false);
    withConnection({ saveData: false, effectiveType: '2g' });
    expect(precheckWanted()).toBe(false);
    withConnection({ effectiveType: 'slow-2g' });
    expect(precheckWanted()).toBe(false);
  });

  it('loads it on 3G and faster, and where the browser does not say', () => {
    withConnection({ saveData: false, effectiveType: '3g' });
    expect(precheckWanted()).toBe(true);
    withConnection({ effectiveType: '4g' });
    expect(precheckWanted()).toBe(true);
    withConnection(undefined);
    expect(precheckWanted()).toBe(true);
  });
});

describe("the pre-check's verdicts, steadied", () => {
  it('keeps "one face" through two frames without it, not three', () => {
    const steady = steadyFrames();
    const seen = ['none', 'one', 'none', 'small', 'none', 'one', 'none', 'one'] as const;
    expect(seen.map(steady)).toEqual(['none', 'one', 'one', 'one', 'none', 'one', 'one', 'one']);
  });

  it('says two faces at once, and forgives nothing after them', () => {
    const steady = steadyFrames();
    expect(['one', 'many', 'none', 'one'].map((s) => steady(s as FrameCheck))).toEqual(['one', 'many', 'none', 'one']);
  });
});
