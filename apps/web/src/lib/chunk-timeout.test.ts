import { afterEach, describe, expect, it, vi } from 'vitest';
import { withChunkTimeout } from './chunk-timeout';

describe('a page whose code does not arrive', () => {
  afterEach(() => vi.useRealTimers());

  it('fails after 120 s, so the page offers a reload instead of waiting for ever', async () => {
    vi.useFakeTimers();
    const stalled = withChunkTimeout(() => new Promise<never>(() => undefined));
    const outcome = stalled().then(
      () => 'loaded',
      (err: Error) => err.message,
    );
    await vi.advanceTimersByTimeAsync(119_999);
    expect(await Promise.race([outcome, Promise.resolve('waiting')])).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('chunk not loaded in 120 s');
  });

  it('gives what arrives in time, and a failure as it came', async () => {
    expect(await withChunkTimeout(() => Promise.resolve('page'))()).toBe('page');
    await expect(withChunkTimeout(() => Promise.reject(new Error('404')))()).rejects.toThrow('404');
  });
});
