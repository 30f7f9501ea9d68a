import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitPolicy } from './config.js';

/**
 * Fixed-window counters from rate-limiter-flexible: in memory on one node, in Redis when
 * REDIS_URL is set so every node counts against the same budget.
 */
export interface Limiter {
  /** Counts one hit; returns seconds to wait when the budget is spent, else 0. */
  hit(key: string): Promise<number>;
}

export function createLimiter(
  name: string,
  policy: RateLimitPolicy,
  redis: Redis | undefined,
  prefix: string,
): Limiter {
  const options = {
    keyPrefix: `${prefix}rl:${name}`,
    points: policy.points,
    duration: policy.durationSeconds,
  };
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({ ...options, storeClient: redis, useRedisPackage: false })
    : new RateLimiterMemory(options);
  return {
    async hit(key) {
      try {
        await limiter.consume(key, 1);
        return 0;
      } catch (res) {
        if (res instanceof RateLimiterRes) return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        throw res;
      }
    },
  };
}
