import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  connections: number;
  /** how long the load runs */
  seconds: number;
  headers?: Record<string, string>;
  body?: string;
  /**
   * update-Warp: one learner per connection, each reporting its own playback from `position`
   * (his furthest point so far) on, 0.01 s further each report, so every report covers new
   * ground the wall clock allows and is credited
   */
  learners?: Array<{ token: string; warpCourseId: string; playbackId: string; position?: number }>;
  /** the first report's seq is seqStart + 1 (a later round of the same learners) */
  seqStart?: number;
  /**
   * How a report is sent: `form` as the web client sends it (the form field `entity`, the
   * report's JSON text), `json` as a JSON body, `rsa` the field RSA-OAEP-encrypted with
   * `publicKeyPem` (spec §7's wire; autocannon only).
   */
  wire?: 'form' | 'json' | 'rsa';
  publicKeyPem?: string;
  /** wrk's threads (default: one per connection with learners, else two) */
  threads?: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  /** milliseconds */
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const child = path.join(here, 'load-child.ts');

/** The load generators: autocannon (npm, always) and wrk when installed (`apt-get install wrk`). */
export type Generator = 'autocannon' | 'wrk';

export const wrkInstalled = spawnSync('wrk', ['--version']).error === undefined;

export function runLoad(spec: LoadSpec, generator: Generator = 'autocannon'): Promise<LoadResult> {
  return generator === 'wrk' ? runWrk(spec) : runAutocannon(spec);
}

/**
 * Runs a generator's process and reads its result from what it prints; any failure (no
 * such program, a non-zero exit, output that does not parse) rejects, and `cleanup` runs
 * once whatever happens.
 */
function runProcess(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: string; cleanup?: () => void },
  parse: (out: string) => LoadResult,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      options.cleanup?.();
      fn();
    };
    const proc = spawn(command, args, {
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'inherit'],
      ...(options.env ? { env: options.env } : {}),
    });
    let out = '';
    proc.stdout!.setEncoding('utf8');
    proc.stdout!.on('data', (chunk: string) => (out += chunk));
    proc.on('error', (err) => settle(() => reject(err)));
    proc.on('close', (code) =>
      settle(() => {
        if (code !== 0) return reject(new Error(`${command} exited with ${code}: ${out.slice(-500)}`));
        try {
          resolve(parse(out));
        } catch (err) {
          reject(new Error(`${command}: no result in its output (${String(err)}): ${out.slice(-500)}`));
        }
      }),
    );
    if (options.input !== undefined) proc.stdin!.end(options.input);
  });
}

/** Runs autocannon in its own process against `spec.url` and returns its figures. */
function runAutocannon(spec: LoadSpec): Promise<LoadResult> {
  return runProcess(
    process.execPath,
    ['--import', 'tsx', child],
    { input: JSON.stringify(spec) },
    (out) => JSON.parse(out.trim().split('\n').pop()!) as LoadResult,
  );
}

/**
 * Runs wrk against `spec.url` (GET, or update-Warp's reports with `learners`). Two threads
 * of wrk cost ~30 µs of CPU per request against autocannon's ~80, so on a machine of few
 * cores the server gets more of them. With learners, one wrk thread per connection (a
 * thread's Lua state is its learner), which costs wrk ~120–160 µs per request; `threads`
 * gives another run the same (a fair comparison).
 */
function runWrk(spec: LoadSpec): Promise<LoadResult> {
  if (spec.method === 'POST' && !spec.learners) throw new Error('wrk: only GET or update-Warp');
  if (spec.wire === 'rsa') throw new Error('wrk: no RSA in its Lua');
  let learnersDir: string | undefined;
  if (spec.learners) {
    learnersDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-wrk-'));
    fs.writeFileSync(
      path.join(learnersDir, 'learners.txt'),
      spec.learners.map((l) => `${l.token} ${l.warpCourseId} ${l.playbackId} ${l.position ?? 0}\n`).join(''),
    );
  }
  const threads = spec.threads ?? (spec.learners ? spec.connections : Math.min(2, spec.connections));
  const headers = Object.entries(spec.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const args = [
    `-t${threads}`,
    `-c${spec.connections}`,
    `-d${spec.seconds}s`,
    '--timeout',
    '30s',
    ...headers,
    '-s',
    path.join(here, 'wrk-load.lua'),
    spec.url,
  ];
  const env = {
    ...process.env,
    WRK_LEARNERS: learnersDir ? path.join(learnersDir, 'learners.txt') : '',
    WRK_SEQ_START: String(spec.seqStart ?? 0),
    WRK_WIRE: spec.wire ?? 'form',
  };
  // the learners' file holds their tokens: gone with the run, however it ends
  const cleanup = () => learnersDir && fs.rmSync(learnersDir, { recursive: true, force: true });
  return runProcess('wrk', args, { env, cleanup }, (out) => {
    const line = out.split('\n').find((l) => l.startsWith('RESULT '));
    if (!line) throw new Error('no RESULT line');
    const r = JSON.parse(line.slice('RESULT '.length)) as Omit<LoadResult, 'rps'> & { micros: number };
    return {
      requests: r.requests,
      rps: r.requests / (r.micros / 1e6),
      p50: r.p50,
      p99: r.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    };
  });
}

export function formatLoad(name: string, r: LoadResult): string {
  const failed = r.non2xx + r.errors;
  return (
    `${name.padEnd(40)} ${String(r.requests).padStart(6)} req  ${r.rps.toFixed(0).padStart(6)} req/s  ` +
    `p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms${failed ? `  (${failed} failed)` : ''}`
  );
}
