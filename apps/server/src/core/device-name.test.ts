import { describe, expect, it } from 'vitest';
import { deviceName } from './device-name.js';

describe('a device named for a person', () => {
  it('names the browser, the system and the phone', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x18002831) NetType/WIFI Language/zh_CN',
      ),
    ).toBe('WeChat 8.0 · iOS 17.0 · Apple iPhone');
    expect(
      deviceName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36',
      ),
    ).toBe('Chrome 120.0 · Windows 10');
    expect(
      deviceName(
        'Mozilla/5.0 (Linux; Android 13; 22081212C Build/TKQ1.220829.002) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36',
      ),
    ).toMatch(/^Chrome 116\.0 · Android 13 · Xiaomi 22081212C$/);
  });

  it('gives nothing for nothing it knows', () => {
    expect(deviceName(null)).toBeNull();
    expect(deviceName('')).toBeNull();
    expect(deviceName('curl-ish thing')).toBeNull();
  });
});
