/**
 * The bench's load generator, run as its own process (`load.ts` spawns it) so the client's
 * work never shares the server's event loop. Reads a LoadSpec as JSON on stdin, drives
 * autocannon, prints the result as one JSON line on stdout.
 *
 * Each connection keeps one learner for the whole run (`learners[i % n]`): a learner has
 * one live playback, and a real player reports from one connection.
 */
import autocannon from 'autocannon';
import { encryptField } from '../src/infra/crypto.js';
import type { LoadResult, LoadSpec } from './load.js';

const spec = JSON.parse(
  await new Promise<string>((resolve) => {
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk) => (text += chunk));
    process.stdin.on('end', () => resolve(text));
  }),
) as LoadSpec;

let nextLearner = 0;
interface Context {
  learner?: NonNullable<LoadSpec['learners']>[number] & { seq: number };
}

/**
 * More reports than a connection can send in a run (50,000 a second in all would be more
 * than this server answers); autocannon walks and copies its list, so no more than that.
 */
const requestsPerConnection = spec.learners ? Math.ceil((spec.seconds * 50_000) / spec.connections) : 1;

const request: autocannon.Request = {
  method: spec.method,
  setupRequest: (request, context: Context) => {
    if (!spec.learners) return request;
    if (!context.learner) context.learner = { ...spec.learners[nextLearner++ % spec.learners.length]!, seq: 0 };
    const learner = context.learner;
    learner.seq += 1;
    // a later round of the same learners goes on from where the last left off (no replays)
    const seq = (spec.seqStart ?? 0) + learner.seq;
    const json = JSON.stringify({
      trainWarpCourseId: learner.warpCourseId,
      playbackId: learner.playbackId,
      seq,
      position: Math.round(((learner.position ?? 0) + learner.seq * 0.01) * 100) / 100,
      rate: 1,
      hidden: false,
    });
    const wire = spec.wire ?? 'form';
    if (wire === 'json') {
      return {
        ...request,
        headers: { 'content-type': 'application/json', authorization: learner.token },
        body: json,
      };
    }
    const entity = wire === 'rsa' ? encryptField(json, spec.publicKeyPem!) : json;
    return {
      ...request,
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: learner.token },
      body: new URLSearchParams({ entity }).toString(),
    };
  },
};

const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  timeout: 30,
  ...(spec.headers ? { headers: spec.headers } : {}),
  ...(spec.body ? { body: spec.body } : {}),
  // autocannon gives setupRequest a fresh context each time it comes round to the first
  // request of the list again, so a one-request list would hand each report to the next
  // learner with seq 1 (a replay, refused, after his first): the same request listed more
  // times than a connection can send in a run keeps each connection's learner and seq.
  requests: new Array<autocannon.Request>(requestsPerConnection).fill(request),
});

const out: LoadResult = {
  requests: result.requests.total,
  rps: result.requests.total / (result.duration || 1),
  p50: result.latency.p50,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
};
process.stdout.write(`${JSON.stringify(out)}\n`);
