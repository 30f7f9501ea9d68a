import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Migrator } from 'kysely';
import pg from 'pg';
import WebSocket from 'ws';
import { buildApp, type BuiltApp } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/infra/config.js';
import { encryptField, hashPassword } from '../src/infra/crypto.js';
import { enrolPerson } from '../src/core/training-records.repository.js';
import { DEMO_CLASS_NAME } from '../src/seed/demo-learning-seed.js';
import { openDatabase } from '../src/infra/database.js';
import { loadIdCardCipher } from '../src/infra/id-card-cipher.js';
import { migrationsWith } from '../src/infra/migrations/index.js';

/**
 * Test harness: a real server on a free port, over a real database. SQLite always;
 * PostgreSQL too when TEST_DATABASE_URL is set (each server gets its own schema, dropped
 * after); Redis when TEST_REDIS_URL is set.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

export interface DialectCase {
  name: 'sqlite' | 'postgres';
  databaseUrl: string | undefined;
}

export const dialects: DialectCase[] = [
  { name: 'sqlite', databaseUrl: undefined },
  ...(TEST_DATABASE_URL ? [{ name: 'postgres' as const, databaseUrl: TEST_DATABASE_URL }] : []),
];

export interface StartOptions {
  databaseUrl?: string | undefined;
  /** share one database schema (PostgreSQL) between servers */
  schema?: string;
  dataDir?: string;
  redisUrl?: string | undefined;
  redisPrefix?: string;
  env?: Record<string, string>;
  configure?: (config: AppConfig) => void;
  now?: () => number;
}

export interface Json {
  status: number;
  headers: Headers;
  body: { code: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
}

export interface TestServer extends BuiltApp {
  baseUrl: string;
  wsUrl: string;
  logs: string[];
  request(
    method: string,
    url: string,
    init?: { json?: unknown; headers?: Record<string, string>; body?: string | FormData | URLSearchParams },
  ): Promise<Json>;
  close(): Promise<void>;
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    PORT: '0',
    // no random spot checks in 核验审核 unless a test asks for them: its queue is what it set up
    FACE_REVIEW_SAMPLE_PERCENT: '0',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...options.env,
  });
  const schema = options.databaseUrl ? (options.schema ?? `t_${crypto.randomBytes(6).toString('hex')}`) : undefined;
  config.databaseSchema = schema;
  config.redisPrefix = options.redisPrefix ?? `anxun-test-${crypto.randomBytes(6).toString('hex')}:`;
  options.configure?.(config);

  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const built = await buildApp(config, {
    printSms: (line) => logs.push(line),
    logStream,
    ...(options.now ? { now: options.now } : {}),
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;

  const ownsSchema = !options.schema;
  return {
    ...built,
    baseUrl,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    logs,
    async request(method, url, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      let body = init.body;
      if (init.json !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof init.json === 'string' ? init.json : JSON.stringify(init.json);
      }
      const res = await fetch(baseUrl + url, { method, headers, body: body ?? null });
      const text = await res.text();
      let parsed: Json['body'];
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { code: -1, msg: 'not json', data: null };
      }
      return { status: res.status, headers: res.headers, body: parsed, text };
    },
    async close() {
      // A test client may leave a connection open (an upload refused midway): cut them all.
      const closing = built.app.close();
      built.app.server.closeAllConnections();
      await closing;
      if (schema && ownsSchema && options.databaseUrl) await dropSchema(options.databaseUrl, schema);
    },
  };
}

/**
 * The database a test server left in `dataDir` (its schema on PostgreSQL), opened with a
 * migrator of every migration: a test takes it back to an older release and forward again.
 */
export async function openMigratable(dataDir: string, databaseUrl: string | undefined, schema: string | undefined) {
  const config = loadConfig({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  config.databaseSchema = schema;
  const handle = await openDatabase(config);
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrationsWith({ idCards: loadIdCardCipher(path.join(dataDir, 'keys')) }) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  return { handle, migrator };
}

export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

export async function publicKeyOf(server: TestServer): Promise<string> {
  const res = await server.request('GET', '/publicKey');
  return res.body.data.publicKey as string;
}

export const encrypt = encryptField;

export async function login(
  server: TestServer,
  username: string,
  password: string,
  headers: Record<string, string> = {},
) {
  return server.request('POST', '/api/login', { json: { username, password, client: 'study-mp' }, headers });
}

/**
 * Whether a text holds a check code as a number of its own: a 6-digit code is part of many a
 * longer number (a log line's response time, 26.069301000000045, holds 000045).
 */
export const holdsCode = (text: string, code: string): boolean => new RegExp(`(?<!\\d)${code}(?!\\d)`).test(text);

/** The last code the console SMS provider sent to a phone, read through the dev outbox route. */
export async function lastSmsCode(server: TestServer, phone: string): Promise<string> {
  const res = await server.request('GET', `/api/dev/sms-outbox?tel=${phone}`);
  const text: string = res.body.data.list[0]?.text ?? '';
  const match = /(\d{6})/.exec(text);
  if (!match?.[1]) throw new Error(`no code sent to ${phone}`);
  return match[1];
}

/** Inserts an organisation directly (the platform operator's console does it in the product). */
export async function addOrganisation(server: TestServer, code: string, name: string): Promise<string> {
  const id = crypto.randomUUID();
  await server.ctx.db
    .insertInto('organisations')
    .values({ id, code, name, logo_file_id: null, created_at: Date.now() })
    .execute();
  return id;
}

/** Inserts a learner (or, with `role`, an administrator) directly (fast fixtures for load-shaped tests). */
export async function addLearner(
  server: TestServer,
  fields: { account: string; password: string; phone?: string; role?: string; orgCode?: string },
) {
  const org = await server.ctx.db
    .selectFrom('organisations')
    .select('id')
    .where('code', '=', fields.orgCode ?? '00000')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const id = crypto.randomUUID();
  await server.ctx.db
    .insertInto('persons')
    .values({
      id,
      org_id: org.id,
      role: fields.role ?? 'learner',
      account: fields.account,
      name: fields.account,
      id_card_enc: null,
      id_card_index: null,
      phone: fields.phone ?? null,
      password_hash: await hashPassword(fields.password),
      avatar_file_id: null,
      failed_logins: 0,
      locked_until: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Gives a person an ID number, sealed as the server seals it. */
export async function setIdCard(server: Pick<TestServer, 'ctx'>, personId: string, idCard: string): Promise<void> {
  await server.ctx.db
    .updateTable('persons')
    .set(server.ctx.keys.idCards.seal(personId, idCard))
    .where('id', '=', personId)
    .execute();
}

/** Enrols a person in the (demo) class, as an administrator would. */
export async function enrolInDemoClass(server: TestServer, personId: string): Promise<void> {
  // by its name: a test's own classes are no demo class (an unordered first row may be one of them)
  const cls = await server.ctx.db
    .selectFrom('train_classes')
    .select('id')
    .where('name', '=', DEMO_CLASS_NAME)
    .executeTakeFirstOrThrow();
  await enrolPerson(server.ctx.db, cls.id, personId, Date.now());
}

/**
 * The demo class checks faces; tests about something else turn that off, as a training
 * manager could for a class (tests of the checks themselves keep them on).
 */
export async function turnOffFaceChecks(server: TestServer): Promise<void> {
  await server.ctx.db
    .updateTable('train_classes')
    .set({ rules: JSON.stringify({ faceCheck: false, examRequired: false }) })
    .execute();
}

/**
 * What the demo learner's studying would leave behind, written directly: every unit
 * watched to its end and the courses' 学时 met — and, with `examsPassed`, the exams passed
 * and the courses complete. For tests about what comes after (exams, certificates).
 */
export async function markDemoLearnerStudied(
  server: Pick<TestServer, 'ctx'>,
  options: { examsPassed: boolean; at?: number },
): Promise<void> {
  const db = server.ctx.db;
  const member = await db
    .selectFrom('train_persons as tp')
    .innerJoin('persons as p', 'p.id', 'tp.person_id')
    .select('tp.id')
    .where('p.account', '=', 'demo')
    .executeTakeFirstOrThrow();
  const at = options.at ?? Date.now();
  await db
    .updateTable('train_warp_courses')
    .set({ learn_status: 2 })
    .where('train_person_id', '=', member.id)
    .execute();
  await db
    .updateTable('train_person_courses')
    .set(
      options.examsPassed
        ? { learn_status: 2, studied_seconds: 3600, exam_passed_at: at, sys_score: 92, end_time: at }
        : { learn_status: 1, studied_seconds: 3600 },
    )
    .where('train_person_id', '=', member.id)
    .execute();
}

export interface WsClient {
  socket: WebSocket;
  messages: unknown[];
  closed: Promise<{ code: number; reason: string }>;
  opened: Promise<void>;
  nextMessage(): Promise<unknown>;
}

export function connectWs(server: Pick<TestServer, 'wsUrl'>, token: string): WsClient {
  const socket = new WebSocket(`${server.wsUrl}?Authorization=${encodeURIComponent(token)}`);
  const messages: unknown[] = [];
  const waiters: Array<(m: unknown) => void> = [];
  socket.on('message', (raw) => {
    const m: unknown = JSON.parse(raw.toString());
    const w = waiters.shift();
    if (w) w(m);
    else messages.push(m);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  return {
    socket,
    messages,
    closed,
    opened,
    nextMessage: () =>
      messages.length > 0 ? Promise.resolve(messages.shift()) : new Promise((resolve) => waiters.push(resolve)),
  };
}

/** Waits until the server holds `count` sockets (authentication is asynchronous). */
export async function waitForSockets(server: TestServer, count: number): Promise<void> {
  for (let i = 0; i < 200 && server.sockets.size < count; i++) await new Promise((r) => setTimeout(r, 10));
  if (server.sockets.size < count) throw new Error(`expected ${count} sockets, have ${server.sockets.size}`);
}

/**
 * Where a test's fake clock starts: tomorrow (by the real clock) at the given UTC hour. Fixtures
 * written with the real time (Date.now()) are then in the fake clock's past, as they would be
 * in life, whatever day the suite runs.
 */
export function tomorrowAt(hourUtc: number): number {
  const today = new Date();
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1, hourUtc, 0, 0);
}

/**
 * One playback of a courseware unit reported as the web player reports it: a report at `start`,
 * then one every 10 s of the (fake) clock — `advance` moves it — the media `rate` times as far,
 * `final` at `end`. Throws on any answer but 200 (credit refused is still a 200).
 */
export async function playUnit(
  server: Pick<TestServer, 'request'>,
  token: string,
  unitId: string,
  play: { start?: number; end: number; rate?: number; advance(ms: number): void; userAgent?: string },
): Promise<void> {
  const playbackId = crypto.randomUUID();
  const rate = play.rate ?? 1;
  let seq = 1;
  const report = async (position: number, final = false) => {
    const res = await server.request('POST', '/api/train/cls_Warp/update-Warp', {
      json: { trainWarpCourseId: unitId, playbackId, seq: seq++, position, rate, hidden: false, final },
      headers: { Authorization: token, ...(play.userAgent ? { 'user-agent': play.userAgent } : {}) },
    });
    if (res.status !== 200) throw new Error(`report at ${position} s answered ${res.status}: ${res.text}`);
  };
  const start = play.start ?? 0;
  await report(start);
  for (let p = start; p < play.end;) {
    const step = Math.min(10, play.end - p);
    play.advance(step * 1000);
    p += step * rate;
    await report(Math.min(p, play.end), p >= play.end);
  }
}
