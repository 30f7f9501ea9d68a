/**
 * `npm run bench`: throughput and latency of the foundation's hot paths on this machine,
 * against a real server over loopback HTTP (SQLite by default; BENCH_DATABASE_URL for
 * PostgreSQL), loaded by autocannon in a process of its own (and by wrk too when installed).
 * Prints figures; asserts nothing. Bounded: a few seconds each.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import inspector from 'node:inspector/promises';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { findPersonById } from '../src/core/person.repository.js';
import { startSession } from '../src/core/session.service.js';
import { enrolPerson } from '../src/core/training-records.repository.js';
import { hashPassword } from '../src/infra/crypto.js';
import { loadConfig } from '../src/infra/config.js';
import { DEMO_LEARNER } from '../src/seed/demo-accounts.js';
import { formatLoad, runLoad, wrkInstalled, type Generator, type LoadResult, type LoadSpec } from './load.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
config.databaseSchema = process.env.BENCH_DATABASE_URL ? `bench_${Date.now()}` : undefined;
config.rateLimits.loginPerAccount = { points: 1e9, durationSeconds: 1 };
config.rateLimits.loginPerIp = { points: 1e9, durationSeconds: 1 };
const built = await buildApp(config, { printSms: () => {} });
const { app } = built;
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;

async function run(name: string, spec: Omit<LoadSpec, 'url'> & { path: string }, generator: Generator = 'autocannon') {
  const result = await runLoad({ ...spec, url: base + spec.path }, generator);
  console.log(formatLoad(name, result));
  return result;
}

const loginBody = JSON.stringify({ username: DEMO_LEARNER.account, password: DEMO_LEARNER.password });
const loginRes = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: loginBody,
});
const token = ((await loginRes.json()) as { data: { credentials: { accessToken: string } } }).data.credentials
  .accessToken;

console.log(
  `anxun bench — ${config.databaseUrl ? 'postgres' : 'sqlite'}, ${os.cpus().length} cores, node ${process.version}`,
);
const bareRoute = await run('GET /api/health/live (bare route)', {
  path: '/api/health/live',
  method: 'GET',
  connections: 32,
  seconds: 5,
});
// the token lookup every signed-in request pays, and "who am I" (both cached per node)
const userInfo = await run('GET /api/user/info (token lookup)', {
  path: '/api/user/info',
  method: 'GET',
  connections: 32,
  seconds: 5,
  headers: { authorization: token },
});
console.log(`user/info / bare route: ${(userInfo.rps / bareRoute.rps).toFixed(2)} (p99 ${userInfo.p99.toFixed(1)} ms)`);
await run('GET /api/health (one database query)', { path: '/api/health', method: 'GET', connections: 32, seconds: 5 });
await run('GET /api/base/baseorg/select-code', {
  path: '/api/base/baseorg/select-code/00000',
  method: 'GET',
  connections: 32,
  seconds: 5,
});
await run('POST /api/login wrong password (scrypt)', {
  path: '/api/login',
  method: 'POST',
  connections: 8,
  seconds: 5,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'nobody', password: 'wrong' }),
});

// update-Warp: one learner per connection (one live playback each), sent as the web client
// sends it (the form field entity, the report's JSON), against the bare route.
const { ctx } = built;
// the core path first: face checks (on in the demo class) are measured on their own, last
await ctx.db
  .updateTable('train_classes')
  .set({ rules: JSON.stringify({ faceCheck: false }) })
  .execute();
const classRow = await ctx.db.selectFrom('train_classes').select('id').executeTakeFirstOrThrow();
const org = await ctx.db.selectFrom('organisations').select('id').executeTakeFirstOrThrow();
const passwordHash = await hashPassword('bench-password');
/** The start check of the learner's login session, passed: his reports meet no check for a while. */
async function passStartCheck(personId: string, now: number) {
  const session = await ctx.db
    .selectFrom('sessions')
    .select('id')
    .where('person_id', '=', personId)
    .executeTakeFirstOrThrow();
  const membership = await ctx.db
    .selectFrom('train_persons')
    .select('id')
    .where('person_id', '=', personId)
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('face_checks')
    .values({
      id: crypto.randomUUID(),
      person_id: personId,
      train_person_id: membership.id,
      kind: 'start',
      status: 'passed',
      session_id: session.id,
      warp_course_id: null,
      due_at: now,
      window_ends_at: now + 120_000,
      best_score: 0.9,
      passed_at: now,
      // the next random check after an hour of study: none within the bench
      next_after_seconds: 3_600,
      flags: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function makeLearners(count: number, prefix: string, passedStartCheck = false) {
  const learners: NonNullable<LoadSpec['learners']> = [];
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    const now = Date.now();
    await ctx.db
      .insertInto('persons')
      .values({
        id,
        org_id: org.id,
        role: 'learner',
        account: `${prefix}-${i}`,
        name: `${prefix}-${i}`,
        id_card_enc: null,
        id_card_index: null,
        phone: null,
        password_hash: passwordHash,
        avatar_file_id: null,
        failed_logins: 0,
        locked_until: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await enrolPerson(ctx.db, classRow.id, id, now);
    const person = await findPersonById(ctx.db, id);
    const login = await startSession(ctx, person!, { client: 'bench', ip: '127.0.0.1', userAgent: 'bench' });
    const unit = await ctx.db
      .selectFrom('train_warp_courses as wc')
      .innerJoin('train_persons as tp', 'tp.id', 'wc.train_person_id')
      .select('wc.id')
      .where('tp.person_id', '=', id)
      .executeTakeFirstOrThrow();
    if (passedStartCheck) await passStartCheck(id, now);
    learners.push({
      token: login.credentials.accessToken,
      warpCourseId: unit.id,
      playbackId: crypto.randomUUID(),
    });
  }
  return learners;
}

/**
 * A run of the load, with the server's CPU time per request (this process: every thread) and,
 * for update-Warp, what became of the reports: a bench that sent replays (answered 200, but
 * refused) would measure the cheap path.
 */
async function measured(spec: LoadSpec, generator: Generator): Promise<Measured> {
  const since = ctx.now();
  const before = process.cpuUsage();
  const result = await runLoad(spec, generator);
  const cpu = process.cpuUsage(before);
  const outcome = spec.learners
    ? await ctx.db
        .selectFrom('study_events')
        .select([
          sql<number>`sum(case when credited_seconds > 0 then 1 else 0 end)`.as('credited'),
          sql<number>`sum(case when refusal is not null then 1 else 0 end)`.as('refused'),
          (eb) => eb.fn.countAll<number>().as('all'),
        ])
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow()
    : { credited: 0, refused: 0, all: 0 };
  return {
    ...result,
    cpuMicros: cpu.user + cpu.system,
    credited: Number(outcome.credited ?? 0),
    refused: Number(outcome.refused ?? 0),
    reports: Number(outcome.all),
  };
}
type Measured = LoadResult & { cpuMicros: number; credited: number; refused: number; reports: number };

/** The learners with each one's furthest point so far: his next run of reports goes on from there. */
async function atFurthest(learners: NonNullable<LoadSpec['learners']>) {
  const rows = await ctx.db
    .selectFrom('train_warp_courses')
    .select(['id', 'furthest_seconds'])
    .where(
      'id',
      'in',
      learners.map((l) => l.warpCourseId),
    )
    .execute();
  const furthest = new Map(rows.map((r) => [r.id, r.furthest_seconds]));
  return learners.map((l) => ({ ...l, position: furthest.get(l.warpCourseId) ?? 0 }));
}

/** Each run of the same learners starts 100,000 seqs on (no replays); a seq is at most 1,000,000. */
function seqStarts() {
  let next = 0;
  return () => {
    next += 100_000;
    if (next >= 1_000_000) throw new Error('bench: out of seqs for these learners');
    return next;
  };
}

/**
 * The ratio of two routes measured one after the other follows the machine's drift (this
 * machine's bare route ran anywhere from 7k to 27k req/s from one day to the next): each
 * route runs in alternating rounds, and the ratio is of their totals. With wrk, the bare
 * route is loaded by as many threads as update-Warp needs (one per learner), so that both
 * pay the same for their generator.
 */
async function interleaved(
  connections: number,
  learners: NonNullable<LoadSpec['learners']>,
  generator: Generator,
  nextSeqStart: () => number,
  /** names this run's profiles (BENCH_PROFILE) apart from the others' */
  label = '',
) {
  const rounds = 3;
  const seconds = 3;
  const threads = generator === 'wrk' ? { threads: connections } : {};
  const sum = { bare: [] as Measured[], warp: [] as Measured[] };
  for (let round = 0; round < rounds; round++) {
    sum.bare.push(
      await measured({ url: `${base}/api/health/live`, method: 'GET', connections, seconds, ...threads }, generator),
    );
    const spec: LoadSpec = {
      url: `${base}/api/train/cls_Warp/update-Warp`,
      method: 'POST',
      connections,
      seconds,
      learners: await atFurthest(learners),
      seqStart: nextSeqStart(),
    };
    sum.warp.push(
      await profiled(`update-warp${label}-${connections}-${generator}-${round + 1}`, () => measured(spec, generator)),
    );
  }
  return { bare: combine(sum.bare), warp: combine(sum.warp) };
}

/**
 * BENCH_PROFILE=folder: the server's CPU profile during each update-Warp round (the bare
 * route's rounds left out), one file per round (open in Chrome's DevTools).
 */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const folder = process.env.BENCH_PROFILE;
  if (!folder) return work();
  const profiler = new inspector.Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await profiler.post('Profiler.stop');
    fs.mkdirSync(folder, { recursive: true });
    const db = config.databaseUrl ? 'pg' : 'sqlite';
    fs.writeFileSync(path.join(folder, `${db}-${name}.cpuprofile`), JSON.stringify(profile));
    profiler.disconnect();
  }
}

/** Rounds together: their requests, rates, CPU and outcomes added up, the worst round's latencies. */
function combine(results: Measured[]): Measured {
  const total = (key: 'requests' | 'non2xx' | 'errors' | 'cpuMicros' | 'credited' | 'refused' | 'reports') =>
    results.reduce((s, r) => s + r[key], 0);
  return {
    requests: total('requests'),
    rps: results.reduce((s, r) => s + r.rps, 0) / results.length,
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    non2xx: total('non2xx'),
    errors: total('errors'),
    cpuMicros: total('cpuMicros'),
    credited: total('credited'),
    refused: total('refused'),
    reports: total('reports'),
  };
}

/** What became of a run's reports, as the study events hold them. */
const outcome = (r: Measured) => {
  const share = (n: number) => `${((100 * n) / Math.max(1, r.reports)).toFixed(0)} %`;
  return `credited ${share(r.credited)}, refused ${share(r.refused)}`;
};
const perRequest = (r: Measured) => r.cpuMicros / Math.max(1, r.requests);
// wrk when installed: it leaves the server more of a small machine's cores than autocannon
const generators: Generator[] = wrkInstalled ? ['autocannon', 'wrk'] : ['autocannon'];
if (!wrkInstalled) console.log('(wrk is not installed: autocannon only; `apt-get install wrk` adds its figures)');

for (const connections of [100, 400]) {
  const learners = await makeLearners(connections, `bench${connections}`);
  const nextSeqStart = seqStarts();
  if (connections === 100) {
    for (const generator of generators) {
      const bare = await run(
        `GET /api/health/live x${connections} conns (${generator})`,
        { path: '/api/health/live', method: 'GET', connections, seconds: 5 },
        generator,
      );
      // the measure of the token lookup: 100 connections
      const info = await run(
        `GET /api/user/info x100 conns (${generator})`,
        { path: '/api/user/info', method: 'GET', connections, seconds: 5, headers: { authorization: token } },
        generator,
      );
      console.log(
        `user/info / bare route at 100 connections, ${generator}: ${(info.rps / bare.rps).toFixed(2)} (p99 ${info.p99.toFixed(1)} ms)`,
      );
    }
  }
  for (const generator of generators) {
    const { bare, warp } = await interleaved(connections, learners, generator, nextSeqStart);
    console.log(formatLoad(`GET /api/health/live x${connections} (${generator}, 3 rounds)`, bare));
    console.log(formatLoad(`POST update-Warp x${connections} (${generator}, 3 rounds)`, warp) + `  ${outcome(warp)}`);
    console.log(
      `update-Warp / bare route at ${connections} connections, ${generator}: ${(warp.rps / bare.rps).toFixed(2)} ` +
        `(p99 ${warp.p99.toFixed(1)} ms); server CPU per request ${perRequest(bare).toFixed(0)} / ` +
        `${perRequest(warp).toFixed(0)} µs (${(perRequest(bare) / perRequest(warp)).toFixed(2)})`,
    );
  }
  if (connections === 100) {
    // spec §7's wire, which the web client sent until it stopped: the report RSA-OAEP-encrypted
    const rsa = await measured(
      {
        url: `${base}/api/train/cls_Warp/update-Warp`,
        method: 'POST',
        connections,
        seconds: 3,
        learners: await atFurthest(learners),
        seqStart: nextSeqStart(),
        wire: 'rsa',
        publicKeyPem: ctx.keys.publicKeyPem,
      },
      'autocannon',
    );
    console.log(`${formatLoad('POST update-Warp x100, RSA-encrypted', rsa)}  ${outcome(rsa)}`);
    console.log(`  server CPU per report with RSA: ${perRequest(rsa).toFixed(0)} µs`);
  }
}

// The demo class's own path: face checks on (at the start, at random, at each unit's end),
// each learner past the start check of his session, so the gate reads his checks and counts
// his study towards the next random one on every report.
{
  const connections = 100;
  await ctx.db
    .updateTable('train_classes')
    .set({ rules: JSON.stringify({ faceCheck: true }) })
    .execute();
  const learners = await makeLearners(connections, 'benchface', true);
  const { bare, warp } = await interleaved(connections, learners, 'autocannon', seqStarts(), '-face');
  console.log(formatLoad(`GET /api/health/live x${connections} (autocannon, 3 rounds)`, bare));
  console.log(
    formatLoad(`POST update-Warp x${connections}, face checks on (autocannon, 3 rounds)`, warp) + `  ${outcome(warp)}`,
  );
  console.log(
    `update-Warp with face checks / bare route at ${connections} connections: ${(warp.rps / bare.rps).toFixed(2)} ` +
      `(p99 ${warp.p99.toFixed(1)} ms); server CPU per request ${perRequest(bare).toFixed(0)} / ` +
      `${perRequest(warp).toFixed(0)} µs (${(perRequest(bare) / perRequest(warp)).toFixed(2)})`,
  );
}

await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
if (config.databaseUrl && config.databaseSchema) {
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${config.databaseSchema} CASCADE`);
  await client.end();
}
