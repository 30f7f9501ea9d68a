import { spawn } from 'node:child_process';
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

const child = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load-child.ts');

/** Runs autocannon in its own process against `spec.url` and returns its figures. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
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

export function formatLoad(name: string, r: LoadResult): string {
  const failed = r.non2xx + r.errors;
  return (
    `${name.padEnd(40)} ${String(r.requests).padStart(6)} req  ${r.rps.toFixed(0).padStart(6)} req/s  ` +
    `p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms${failed ? `  (${failed} failed)` : ''}`
  );
}
