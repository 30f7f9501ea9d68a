import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitPolicy } from './config.js';
import { probeSilence } from './redis-silence.js';

/**
 * Fixed-window counters from rate-limiter-flexible: in memory on one node, in Redis when
 * REDIS_URL is set so every node counts against the same budget. While Redis cannot answer,
 * a limiter counts in this node's memory instead (its insurance limiter) and says so once
 * through `onFallback`: a Redis outage degrades the budgets to per node, it never refuses a
 * login.
 */
export interface Limiter {
  /** Counts one hit; returns seconds to wait when the budget is spent, else 0. */
  hit(key: string): Promise<number>;
  /** Gives one hit back (a login that turned out right is no guess). */
  refund(key: string): Promise<void>;
  /** Forgets the key's count (a manager unlocks an account). */
  reset(key: string): Promise<void>;
}

/** The in-memory counter, which says when it is used in Redis's place. */
class StandInLimiter extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly used: () => void,
  ) {
    super(options);
  }

  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    this.used();
    return super.consume(...args);
  }
}

export function createLimiter(
  name: string,
  policy: RateLimitPolicy,
  redis: Redis | undefined,
  prefix: string,
  onFallback: (err: unknown) => void = () => undefined,
): Limiter {
  const options = {
    keyPrefix: `${prefix}rl:${name}`,
    points: policy.points,
    duration: policy.durationSeconds,
  };
  let falling = false;
  // the memory limiter, telling once per outage that it stands in
  const insurance = new StandInLimiter(options, () => {
    // Redis failed a command: if it stopped answering, the next hits fail at once until it
    // answers again, rather than each waiting out the command timeout
    if (redis) probeSilence(redis);
    if (falling || !redis) return;
    falling = true;
    onFallback(new Error(`rate limiter ${name}: Redis unavailable, counting in memory`));
  });
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({ ...options, storeClient: redis, useRedisPackage: false, insuranceLimiter: insurance })
    : insurance;
  return {
    async hit(key) {
      try {
        await limiter.consume(key, 1);
        if (redis?.status === 'ready') falling = false;
        return 0;
      } catch (res) {
        if (res instanceof RateLimiterRes) return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        throw res;
      }
    },
    async refund(key) {
      await limiter.reward(key, 1).catch(() => undefined);
    },
    async reset(key) {
      await limiter.delete(key).catch(() => undefined);
    },
  };
}
