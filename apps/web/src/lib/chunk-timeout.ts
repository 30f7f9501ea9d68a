import { CHUNK_LOAD_TIMEOUT_MS } from '@anxun/shared/constants';

/**
 * A page's code that has not arrived after 120 s (spec §8/§9: chunk load timeout) is a failure:
 * the load boundary says so and offers a reload, where a stalled request left the page's
 * placeholder up for good.
 */
export function withChunkTimeout<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`chunk not loaded in ${ms / 1000} s`)), ms);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
}
