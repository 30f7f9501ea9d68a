import path from 'node:path';
import { z } from 'zod';
import { STUDY_IDLE_LIMIT_SECONDS, STUDY_SLACK_SECONDS } from '@anxun/shared/constants';

/**
 * The configuration contract of DESIGN.md, parsed once at start. Anything invalid stops
 * the process with a message naming the variable, instead of failing later at random.
 */
const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(10000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL')
    .optional(),
  /** Keys and channels of this deployment in a shared Redis; default: the database's name, or anxun. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}:?$/, 'REDIS_PREFIX: letters, digits, _ . - (up to 64)')
    .optional(),
  /** console (development: prints the text), aliyun, tencent, or webhook */
  SMS_PROVIDER: z.enum(['console', 'aliyun', 'tencent', 'webhook']).default('console'),
  /** production with the console provider: only when set, and the code is never printed whole */
  SMS_ALLOW_CONSOLE: flag.optional(),
  /** check codes the whole platform sends in 24 hours: a ceiling on what a script can make it spend */
  SMS_DAILY_LIMIT: z.coerce.number().int().min(1).default(5000),
  /** aliyun: AccessKey ID / secret; tencent: SecretId / SecretKey */
  SMS_ACCESS_KEY_ID: z.string().optional(),
  SMS_ACCESS_KEY_SECRET: z.string().optional(),
  /** the approved signature (签名), e.g. 安训 */
  SMS_SIGN_NAME: z.string().optional(),
  /** the approved template: aliyun SMS_xxxxxxxx with ${code}; tencent its id with {1} code, {2} minutes */
  SMS_TEMPLATE: z.string().optional(),
  /** tencent: the SMS application's SdkAppId */
  SMS_APP_ID: z.string().optional(),
  /** tencent: the region (ap-guangzhou) */
  SMS_REGION: z.string().default('ap-guangzhou'),
  /** the provider's API host, to use another region's or a test double's */
  SMS_ENDPOINT: z.string().optional(),
  /** webhook: where the code is POSTed (JSON, signed with SMS_WEBHOOK_SECRET) */
  SMS_WEBHOOK_URL: z.string().url().optional(),
  SMS_WEBHOOK_SECRET: z.string().min(16, 'SMS_WEBHOOK_SECRET: at least 16 characters').optional(),
  DEMO_SEED: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Prometheus metrics at /metrics on the API's port (keep it from the internet) */
  METRICS: flag.optional(),
  /** Prometheus metrics on a port of their own (HOST), instead of or beside METRICS */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Seconds between a node's checks that its open sockets' sessions are still valid. */
  WS_RECHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Minutes an access token lives; the refresh token renews it. */
  ACCESS_TOKEN_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(120),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** minutes of online study in one 学时 (AQ 8011-2023: 30) */
  STUDY_HOUR_MINUTES: z.coerce.number().min(1).max(120).default(30),
  /** the most a learner is credited in one day */
  DAILY_CAP_HOURS: z.coerce.number().min(0.5).max(24).default(8),
  /** the day boundary of the daily cap */
  STUDY_TIMEZONE: z.string().default('Asia/Shanghai'),
  /** cosine similarity a live face must reach against the reference (same person ≈0.95, others ≈0.4) */
  FACE_MATCH_THRESHOLD: z.coerce.number().min(0.3).max(0.99).default(0.65),
  /** a passed check is flagged for 核验审核 when the anti-spoofing / liveness score is below these */
  FACE_MIN_ANTISPOOF: z.coerce.number().min(0).max(1).default(0.3),
  FACE_MIN_LIVENESS: z.coerce.number().min(0).max(1).default(0.3),
  /** refuse a check photo that shows the same still scene as this many minus one of the last five passes (0: flag only) */
  FACE_STILL_REFUSE_AFTER: z.coerce
    .number()
    .int()
    .refine((n) => n === 0 || (n >= 2 && n <= 6), 'FACE_STILL_REFUSE_AFTER: 0 (flag only) or 2–6')
    .default(0),
  /** the share (percent) of clean passes sent to 核验审核 all the same, for a person to look at */
  FACE_REVIEW_SAMPLE_PERCENT: z.coerce.number().min(0).max(100).default(5),
  /** the largest courseware file a manager may upload, in MB */
  UPLOAD_MAX_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(20 * 1024)
    .default(2048),
  /** background jobs (transcoding) one node runs at once: learners' requests stay fast */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
  /** ffmpeg and ffprobe to use; default: the binaries shipped in @ffmpeg-installer / @ffprobe-installer */
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  /** LibreOffice, to turn PPT/Word courseware into PDF; default: soffice on the PATH, if any */
  SOFFICE_PATH: z.string().optional(),
  /** a document unit: the least time each page is shown to count as read (credited reading time) */
  DOCUMENT_SECONDS_PER_PAGE: z.coerce.number().int().min(5).max(600).default(30),
  /**
   * Behind a reverse proxy: the number of proxy hops, or a comma-separated list of proxy
   * addresses/CIDRs. Never "trust everyone": the client writes X-Forwarded-For itself.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(\d+|[0-9a-fA-F.:/,\s]+)$/, 'TRUST_PROXY must be a hop count or a list of addresses/CIDRs')
    .optional(),
  /**
   * The site's address as people reach it (https://train.example.com): the links a server
   * prints — a certificate's 查验 QR code, a phone's camera QR — name it, never the Host a
   * request claims. Unset: the request's own address (development, tests).
   */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+\/?$/, 'PUBLIC_URL must be http(s)://host[:port], without a path')
    .transform((url) => url.replace(/\/$/, ''))
    .optional(),
});

export interface RateLimitPolicy {
  points: number;
  durationSeconds: number;
}

export interface AppConfig {
  env: string;
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  sms: SmsConfig;
  demoSeed: boolean;
  logLevel: string;
  accessTokenSeconds: number;
  realtime: { recheckSeconds: number };
  metrics: { onApiPort: boolean; port: number | undefined };
  refreshTokenSeconds: number;
  trustProxy: false | number | string[];
  /** the site's origin for printed links (PUBLIC_URL); undefined: the request's */
  publicUrl: string | undefined;
  /** Postgres schema to work in (tests isolate themselves this way); default public. */
  databaseSchema: string | undefined;
  study: {
    secondsPerClassHour: number;
    dailyCapSeconds: number;
    timeZone: string;
    idleLimitSeconds: number;
    slackSeconds: number;
    completionToleranceSeconds: number;
    /** group commit: the most reports one transaction takes */
    batchMax: number;
  };
  face: {
    matchThreshold: number;
    /** a check photo or reference photo at most this large */
    maxPhotoBytes: number;
    /** how long a phone's capture QR code works */
    captureTokenSeconds: number;
    /** how long a camera photo's nonce works */
    nonceSeconds: number;
    minAntispoof: number;
    minLiveness: number;
    /** 0: a still scene is only flagged */
    stillRefuseAfter: number;
    /** percent of passes with nothing doubtful that 核验审核 gets as SAMPLED */
    reviewSamplePercent: number;
  };
  media: {
    /** explicit ffmpeg / ffprobe binaries, else the npm-shipped ones */
    ffmpegPath: string | undefined;
    ffprobePath: string | undefined;
    sofficePath: string | undefined;
    uploadMaxBytes: number;
    /** a document unit's time per page: its duration is pages × this */
    documentSecondsPerPage: number;
  };
  jobs: {
    concurrency: number;
    /** how long a node's claim on a job holds without a heartbeat (a crashed node's job is taken over after it) */
    leaseMs: number;
    /** how often an idle node looks for queued jobs */
    pollMs: number;
  };
  /** Prefix for Redis keys and channels, so several deployments can share a Redis. */
  redisPrefix: string;
  rateLimits: {
    /** per client address: generous, a whole classroom shares one address */
    loginPerIp: RateLimitPolicy;
    /**
     * password guesses at one account (or unknown name) from one address: what stops a guesser
     * without letting him lock out the real user, who logs in from elsewhere
     */
    loginFailuresPerAddress: RateLimitPolicy;
    /** the account-wide ceiling on guesses from all addresses together (a guesser with many); also per phone for code logins */
    loginPerAccount: RateLimitPolicy;
    checkCodePerIp: RateLimitPolicy;
    /** one code per phone per 60 s, counted atomically (the DB check alone can race) */
    checkCodePerPhone: RateLimitPolicy;
    /** a daily ceiling per phone against SMS flooding */
    checkCodePerPhoneDaily: RateLimitPolicy;
    /** the platform's texts in 24 hours, all numbers together (SMS pumping to many numbers) */
    checkCodeDaily: RateLimitPolicy;
    /** of those, to numbers without an account: half, so pumping cannot stop learners' texts */
    checkCodeDailyNewNumbers: RateLimitPolicy;
    /** one address's texts in 24 hours */
    checkCodePerIpDaily: RateLimitPolicy;
    registerPerIp: RateLimitPolicy;
    /** comments and discussion posts per person: enough to talk, too few to flood */
    postPerPerson: RateLimitPolicy;
    /** face comparisons per person: retries after a bad photo, not a search over many faces */
    facePerPerson: RateLimitPolicy;
    /** organisation codes looked up in vain per client address: typos pass, a walk through every code does not */
    orgCodeMissesPerIp: RateLimitPolicy;
    /** certificate checks per client address: people verify, scripts do not enumerate */
    certificateVerifyPerIp: RateLimitPolicy;
    /** enrolment intents per client address */
    intentPerIp: RateLimitPolicy;
    refreshPerIp: RateLimitPolicy;
  };
}

/**
 * Where this deployment's keys live in Redis: REDIS_PREFIX, else the PostgreSQL database's name
 * (two deployments on one Redis have two databases), else anxun. Always ends in a colon.
 */
function redisPrefixOf(prefix: string | undefined, databaseUrl: string | undefined): string {
  const fromDatabase = databaseUrl ? decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) : '';
  const name = prefix?.replace(/:$/, '') || fromDatabase.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 64) || 'anxun';
  return `${name}:`;
}

export interface SmsConfig {
  provider: 'console' | 'aliyun' | 'tencent' | 'webhook';
  /** the console provider prints the code whole (development only) */
  printCodes: boolean;
  accessKeyId?: string | undefined;
  accessKeySecret?: string | undefined;
  signName?: string | undefined;
  template?: string | undefined;
  appId?: string | undefined;
  region: string;
  endpoint?: string | undefined;
  webhookUrl?: string | undefined;
  webhookSecret?: string | undefined;
}

/** What each SMS provider needs, checked at start: a missing key is a refusal to start, not a failed login later. */
function smsConfigOf(e: z.output<typeof envSchema>, isProduction: boolean): SmsConfig {
  const needs: Record<SmsConfig['provider'], Array<keyof typeof e>> = {
    console: [],
    aliyun: ['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE'],
    tencent: ['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE', 'SMS_APP_ID'],
    webhook: ['SMS_WEBHOOK_URL', 'SMS_WEBHOOK_SECRET'],
  };
  const missing = needs[e.SMS_PROVIDER].filter((name) => !e[name]);
  if (missing.length > 0) {
    throw new Error(`Invalid configuration:\n  SMS_PROVIDER=${e.SMS_PROVIDER} needs ${missing.join(', ')}`);
  }
  if (e.SMS_PROVIDER === 'console' && isProduction && !e.SMS_ALLOW_CONSOLE) {
    throw new Error(
      'Invalid configuration:\n  SMS_PROVIDER=console in production would write every check code to the log: ' +
        'set SMS_PROVIDER to aliyun, tencent or webhook (or SMS_ALLOW_CONSOLE=1 for a trial without texts)',
    );
  }
  return {
    provider: e.SMS_PROVIDER,
    printCodes: !isProduction,
    accessKeyId: e.SMS_ACCESS_KEY_ID,
    accessKeySecret: e.SMS_ACCESS_KEY_SECRET,
    signName: e.SMS_SIGN_NAME,
    template: e.SMS_TEMPLATE,
    appId: e.SMS_APP_ID,
    region: e.SMS_REGION,
    endpoint: e.SMS_ENDPOINT,
    webhookUrl: e.SMS_WEBHOOK_URL,
    webhookSecret: e.SMS_WEBHOOK_SECRET,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (VAR= in a .env file or a compose file) means "not set".
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    sms: smsConfigOf(e, isProduction),
    demoSeed: e.DEMO_SEED ?? !isProduction,
    logLevel: e.LOG_LEVEL,
    accessTokenSeconds: e.ACCESS_TOKEN_MINUTES * 60,
    realtime: { recheckSeconds: e.WS_RECHECK_SECONDS },
    metrics: { onApiPort: e.METRICS ?? false, port: e.METRICS_PORT },
    refreshTokenSeconds: e.REFRESH_TOKEN_DAYS * 86400,
    publicUrl: e.PUBLIC_URL,
    trustProxy: !e.TRUST_PROXY
      ? false
      : /^\d+$/.test(e.TRUST_PROXY)
        ? Number(e.TRUST_PROXY) || false
        : e.TRUST_PROXY.split(',')
            .map((a) => a.trim())
            .filter(Boolean),
    databaseSchema: undefined,
    study: {
      secondsPerClassHour: e.STUDY_HOUR_MINUTES * 60,
      dailyCapSeconds: e.DAILY_CAP_HOURS * 3600,
      timeZone: e.STUDY_TIMEZONE,
      idleLimitSeconds: STUDY_IDLE_LIMIT_SECONDS,
      slackSeconds: STUDY_SLACK_SECONDS,
      completionToleranceSeconds: 3,
      batchMax: 256,
    },
    face: {
      matchThreshold: e.FACE_MATCH_THRESHOLD,
      maxPhotoBytes: 4 * 1024 * 1024,
      captureTokenSeconds: 5 * 60,
      nonceSeconds: 2 * 60,
      minAntispoof: e.FACE_MIN_ANTISPOOF,
      minLiveness: e.FACE_MIN_LIVENESS,
      stillRefuseAfter: e.FACE_STILL_REFUSE_AFTER,
      reviewSamplePercent: e.FACE_REVIEW_SAMPLE_PERCENT,
    },
    media: {
      ffmpegPath: e.FFMPEG_PATH,
      ffprobePath: e.FFPROBE_PATH,
      sofficePath: e.SOFFICE_PATH,
      uploadMaxBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
      documentSecondsPerPage: e.DOCUMENT_SECONDS_PER_PAGE,
    },
    jobs: { concurrency: e.JOB_CONCURRENCY, leaseMs: 60_000, pollMs: 2_000 },
    redisPrefix: redisPrefixOf(e.REDIS_PREFIX, e.DATABASE_URL),
    rateLimits: {
      loginPerIp: { points: 1200, durationSeconds: 60 },
      loginFailuresPerAddress: { points: 5, durationSeconds: 15 * 60 },
      loginPerAccount: { points: 30, durationSeconds: 15 * 60 },
      checkCodePerIp: { points: 300, durationSeconds: 10 * 60 },
      checkCodePerPhone: { points: 1, durationSeconds: 60 },
      checkCodePerPhoneDaily: { points: 10, durationSeconds: 24 * 3600 },
      checkCodeDaily: { points: e.SMS_DAILY_LIMIT, durationSeconds: 24 * 3600 },
      checkCodeDailyNewNumbers: { points: Math.max(1, Math.floor(e.SMS_DAILY_LIMIT / 2)), durationSeconds: 24 * 3600 },
      checkCodePerIpDaily: { points: 1000, durationSeconds: 24 * 3600 },
      registerPerIp: { points: 200, durationSeconds: 10 * 60 },
      postPerPerson: { points: 10, durationSeconds: 60 },
      facePerPerson: { points: 12, durationSeconds: 60 },
      certificateVerifyPerIp: { points: 30, durationSeconds: 60 },
      orgCodeMissesPerIp: { points: 60, durationSeconds: 10 * 60 },
      intentPerIp: { points: 5, durationSeconds: 10 * 60 },
      refreshPerIp: { points: 2400, durationSeconds: 60 },
    },
  };
}
