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

describe('PUBLIC_URL', () => {
  it('is an origin, kept without its closing slash; a path or another scheme is refused', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://train.example.com/' }).publicUrl).toBe('https://train.example.com');
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.0.5:8080' }).publicUrl).toBe('http://10.0.0.5:8080');
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(() => loadConfig({ PUBLIC_URL: 'https://train.example.com/app' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'javascript://x' })).toThrow(/PUBLIC_URL/);
  });
});
