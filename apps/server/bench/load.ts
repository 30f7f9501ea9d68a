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
  /** update-Warp: one learner per connection, each reporting its own playback */
  learners?: Array<{ token: string; warpCourseId: string; playbackId: string }>;
  /** the first report's seq is seqStart + 1 (a later round of the same learners) */
  seqStart?: number;
  /**
   * How a report is sent: `form` as the web client sends it (the form field `entity`, the
   * report's JSON text), `json` as a JSON body, `rsa` the field RSA-OAEP-encrypted with
   * `publicKeyPem` (spec §7's wire; autocannon only).
   */
  wire?: 'form' | 'json' | 'rsa';
  publicKeyPem?: string;
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

/** Runs autocannon in its own process against `spec.url` and returns its figures. */
function runAutocannon(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (chunk: string) => (out += chunk));
    proc.on('error', reject);
    proc.on('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
      else resolve(JSON.parse(out.trim().split('\n').pop()!) as LoadResult);
    });
    proc.stdin.end(JSON.stringify(spec));
  });
}

/**
 * Runs wrk against `spec.url` (GET, or update-Warp's reports with `learners`). wrk spends a
 * fraction of autocannon's CPU per request, so on a machine of few cores the server gets more
 * of them. With learners, one wrk thread per connection: a thread's Lua state is its learner.
 */
function runWrk(spec: LoadSpec): Promise<LoadResult> {
  if (spec.method === 'POST' && !spec.learners) throw new Error('wrk: only GET or update-Warp');
  if (spec.wire === 'rsa') throw new Error('wrk: no RSA in its Lua');
  let learnersFile: string | undefined;
  if (spec.learners) {
    learnersFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-wrk-')), 'learners.txt');
    fs.writeFileSync(learnersFile, spec.learners.map((l) => `${l.token} ${l.warpCourseId} ${l.playbackId}\n`).join(''));
  }
  const threads = spec.learners ? spec.connections : Math.min(2, spec.connections);
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
  return new Promise((resolve, reject) => {
    const proc = spawn('wrk', args, {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        WRK_LEARNERS: learnersFile ?? '',
        WRK_SEQ_START: String(spec.seqStart ?? 0),
        WRK_WIRE: spec.wire ?? 'form',
      },
    });
    let out = '';
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (chunk: string) => (out += chunk));
    proc.on('error', reject);
    proc.on('exit', (code) => {
      if (learnersFile) fs.rmSync(path.dirname(learnersFile), { recursive: true, force: true });
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code !== 0 || !line) return reject(new Error(`wrk exited with ${code}: ${out.slice(-500)}`));
      const r = JSON.parse(line.slice('RESULT '.length)) as Omit<LoadResult, 'rps'> & { micros: number };
      resolve({
        requests: r.requests,
        rps: r.requests / (r.micros / 1e6),
        p50: r.p50,
        p99: r.p99,
        non2xx: r.non2xx,
        errors: r.errors,
      });
    });
  });
}

export function formatLoad(name: string, r: LoadResult): string {
  const failed = r.non2xx + r.errors;
  return (
    `${name.padEnd(40)} ${String(r.requests).padStart(6)} req  ${r.rps.toFixed(0).padStart(6)} req/s  ` +
    `p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms${failed ? `  (${failed} failed)` : ''}`
  );
}
