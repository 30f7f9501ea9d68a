// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { precheckWanted } from './face-precheck';

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
