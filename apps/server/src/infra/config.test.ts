import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('REDIS_PREFIX', () => {
  it('keeps two deployments on one Redis apart: named, else by database, else anxun', () => {
    expect(loadConfig({ REDIS_PREFIX: 'site-a' }).redisPrefix).toBe('site-a:');
    expect(loadConfig({ REDIS_PREFIX: 'site-b:' }).redisPrefix).toBe('site-b:');
    expect(loadConfig({ DATABASE_URL: 'postgres://app@db:5432/anxun_prod' }).redisPrefix).toBe('anxun_prod:');
    expect(loadConfig({ DATABASE_URL: 'postgres://app@db:5432/anxun_staging' }).redisPrefix).toBe('anxun_staging:');
    expect(loadConfig({}).redisPrefix).toBe('anxun:');
    expect(() => loadConfig({ REDIS_PREFIX: 'a b' })).toThrow(/REDIS_PREFIX/);
  });
});
