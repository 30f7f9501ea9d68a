import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Metrics } from './infra/metrics.js';
import type { AppConfig } from './infra/config.js';
import type { Db, Dialect, GroupCommit } from './infra/database.js';
import type { FaceEngine } from './infra/face/face-engine.js';
import type { FileStore } from './infra/file-store.js';
import type { JobRunner } from './infra/job-queue.js';
import type { ServerKeys } from './infra/keys.js';
import type { Limiter } from './infra/rate-limit.js';
import type { RealtimeBus } from './infra/realtime-bus.js';
import type { SmsSender } from './infra/sms.js';
import type { PersonCache } from './core/person-cache.js';
import type { SessionCache } from './core/session-cache.js';

/** What services need from the outside world, made once in app.ts and passed down. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  dialect: Dialect;
  /** a transaction answered once committed, with when it is on disk (the credit batch) */
  groupCommit: GroupCommit;
  keys: ServerKeys;
  bus: RealtimeBus;
  /** live sessions by access-token hash, kept in step across nodes over the bus */
  sessions: SessionCache;
  /** who signed-in people are (for "who am I"), kept in step across nodes over the bus */
  people: PersonCache;
  sms: SmsSender;
  files: FileStore;
  /** durable background jobs: kick() after queueing one */
  jobs: Pick<JobRunner, 'kick'>;
  faces: FaceEngine;
  redis: Redis | undefined;
  limiters: Record<keyof AppConfig['rateLimits'], Limiter>;
  log: FastifyBaseLogger;
  metrics: Metrics;
  now: () => number;
}
