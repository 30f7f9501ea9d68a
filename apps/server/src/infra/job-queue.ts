import crypto from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db, Dialect } from './database.js';
import type { JobsTable } from './db-schema.js';

/**
 * Durable background jobs (DESIGN.md: long work runs as jobs in a table, one node per job).
 * A node claims a queued job — or one whose claim lapsed because its node died — in one
 * UPDATE (on PostgreSQL the candidate row is taken `FOR UPDATE SKIP LOCKED`, so two nodes
 * never take the same job), renews its lease while it works, and finishes it in the same
 * transaction as the job's own writes. This module alone writes the jobs table.
 */

export type JobRow = Selectable<JobsTable>;

/** A failure that retrying cannot mend (the file is not a video): the message is for a person. */
export class PermanentJobError extends Error {}

export interface JobTools {
  /** the job's progress, 0–100; stored and announced at most about once a second */
  progress(percent: number): void;
  /** aborted when the node stops or loses its claim: stop working, leave no half-written result */
  signal: AbortSignal;
}

export interface JobKind {
  kind: string;
  /** how many claims a job of this kind gets before it is failed (a crash counts as one) */
  maxAttempts: number;
  /**
   * Does the work outside any transaction and returns what the finishing transaction writes;
   * the job is marked done in that transaction, so a job's result is written exactly once.
   */
  run(job: JobRow, tools: JobTools): Promise<(trx: Db) => Promise<unknown>>;
  /** after the job is done or has failed for good: remove what it no longer needs */
  settled?(job: JobRow, outcome: 'done' | 'failed'): Promise<void>;
  /**
   * Work of a moment (a certificate to issue): such jobs take a lane of their own, one at a
   * time per node, so they never wait behind long ones (a transcode, an archive) for a slot.
   */
  quick?: boolean;
}

export interface JobRunnerOptions {
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  now: () => number;
  /** a job changed (claimed, progress, done, failed): tell whoever watches */
  onChange?: (job: JobRow) => void;
  onError?: (err: unknown, job: JobRow | undefined) => void;
}

export interface JobRunner {
  /** a kind of job this node runs; register them all before start */
  register(kind: JobKind): void;
  start(): void;
  /** look for work now (a job was just queued on this node) */
  kick(): void;
  /** stop claiming; running jobs are aborted and put back in the queue for the next start */
  stop(): Promise<void>;
}

export async function enqueueJob(
  db: Db,
  job: { kind: string; orgId: string | null; subjectId: string | null; payload: unknown; createdBy: string | null },
  now: number,
): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto('jobs')
    .values({
      id,
      org_id: job.orgId,
      kind: job.kind,
      subject_id: job.subjectId,
      payload: JSON.stringify(job.payload),
      status: 'queued',
      locked_by: null,
      lease_until: null,
      error: null,
      result: null,
      created_by: job.createdBy,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A subject's jobs still worth showing (a course book's uploads), newest first: queued, running or failed (done ones became their result). */
export async function findJobsOf(db: Db, kind: string, subjectId: string, limit = 50): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .where('status', '!=', 'done')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The newest job of a kind about one subject, whatever its state (and the newest one done). */
export async function findLatestJobs(db: Db, kind: string, subjectId: string) {
  const newest = (q: ReturnType<typeof base>) => q.orderBy('created_at', 'desc').orderBy('id').executeTakeFirst();
  function base() {
    return db.selectFrom('jobs').selectAll().where('kind', '=', kind).where('subject_id', '=', subjectId);
  }
  const [latest, done] = await Promise.all([newest(base()), newest(base().where('status', '=', 'done'))]);
  return { latest, done };
}

/** A failed job queued again with a fresh count of attempts; false if it is not failed. */
export async function retryJob(db: Db, id: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('jobs')
    .set({ status: 'queued', attempts: 0, percent: 0, error: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Forgets a job that is not running; false if it is running. */
export async function deleteJob(db: Db, id: string): Promise<boolean> {
  const res = await db.deleteFrom('jobs').where('id', '=', id).where('status', '!=', 'running').executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

async function claimJob(
  db: Db,
  dialect: Dialect,
  kinds: string[],
  nodeId: string,
  now: number,
  leaseMs: number,
): Promise<JobRow | undefined> {
  let candidate = db
    .selectFrom('jobs')
    .select('id')
    .where('kind', 'in', kinds)
    .where((eb) =>
      eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)])]),
    )
    .orderBy('created_at')
    .limit(1);
  if (dialect === 'postgres') candidate = candidate.forUpdate().skipLocked();
  return db
    .updateTable('jobs')
    .set({
      status: 'running',
      locked_by: nodeId,
      lease_until: now + leaseMs,
      attempts: sql<number>`attempts + 1`,
      updated_at: now,
    })
    .where('id', 'in', candidate)
    .returningAll()
    .executeTakeFirst();
}

export function createJobRunner(db: Db, dialect: Dialect, options: JobRunnerOptions): JobRunner {
  const nodeId = crypto.randomUUID();
  const byKind = new Map<string, JobKind>();
  let started = false;
  let poll: NodeJS.Timeout | undefined;
  const running = new Map<string, { abort: AbortController; quick: boolean; done: Promise<void> }>();
  let stopping = false;
  let looking: Promise<void> | undefined;
  let again = false;

  const mine = (id: string) => (q: ReturnType<typeof db.updateTable<'jobs'>>) =>
    q.where('id', '=', id).where('locked_by', '=', nodeId).where('status', '=', 'running');

  const announce = async (id: string) => {
    if (!options.onChange) return;
    const row = await findJob(db, id).catch(() => undefined);
    if (row) options.onChange(row);
  };

  async function settle(kind: JobKind, job: JobRow, outcome: 'done' | 'failed') {
    try {
      await kind.settled?.(job, outcome);
    } catch (err) {
      options.onError?.(err, job);
    }
  }

  async function fail(kind: JobKind, job: JobRow, message: string, final: boolean) {
    const res = await mine(job.id)(db.updateTable('jobs'))
      .set({
        status: final ? 'failed' : 'queued',
        error: message,
        locked_by: null,
        lease_until: null,
        updated_at: options.now(),
      })
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1 && final) await settle(kind, job, 'failed');
  }

  async function work(kind: JobKind, job: JobRow, abort: AbortController) {
    let percent = 0;
    let stored = 0;
    const renew = async () => {
      const res = await mine(job.id)(db.updateTable('jobs'))
        .set({ lease_until: options.now() + options.leaseMs, percent, updated_at: options.now() })
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) abort.abort(new Error('lost the claim'));
      else if (percent !== stored) {
        stored = percent;
        await announce(job.id);
      }
    };
    // renew the claim well inside the lease, and store progress about once a second
    const tick = Math.min(1000, Math.floor(options.leaseMs / 3));
    const timer = setInterval(() => void renew().catch((err: unknown) => options.onError?.(err, job)), tick);
    timer.unref();
    try {
      if (job.attempts > kind.maxAttempts) {
        await fail(kind, job, '处理多次中断，请重试', true);
        return;
      }
      const finish = await kind.run(job, {
        progress: (p) => {
          percent = Math.max(0, Math.min(99, Math.round(p * 10) / 10));
        },
        signal: abort.signal,
      });
      if (abort.signal.aborted) throw abort.signal.reason;
      clearInterval(timer);
      await db.transaction().execute(async (trx) => {
        const res = await mine(job.id)(trx.updateTable('jobs'))
          .set({
            status: 'done',
            percent: 100,
            error: null,
            locked_by: null,
            lease_until: null,
            updated_at: options.now(),
          })
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw new Error('lost the claim before finishing');
        const result = await finish(trx);
        if (result !== undefined) {
          await trx
            .updateTable('jobs')
            .set({ result: JSON.stringify(result) })
            .where('id', '=', job.id)
            .execute();
        }
      });
      await settle(kind, job, 'done');
    } catch (err) {
      if (abort.signal.aborted && stopping) {
        // a node stopping is not the job's fault: back to the queue, the attempt not counted
        await mine(job.id)(db.updateTable('jobs'))
          .set({
            status: 'queued',
            locked_by: null,
            lease_until: null,
            attempts: sql<number>`attempts - 1`,
            updated_at: options.now(),
          })
          .execute()
          .catch(() => undefined);
      } else if (!abort.signal.aborted) {
        const permanent = err instanceof PermanentJobError;
        if (!permanent) options.onError?.(err, job);
        const final = permanent || job.attempts >= kind.maxAttempts;
        await fail(kind, job, permanent ? err.message : '处理失败，请重试', final).catch((e: unknown) =>
          options.onError?.(e, job),
        );
      }
    } finally {
      clearInterval(timer);
      await announce(job.id);
    }
  }

  function look(): Promise<void> {
    if (looking) {
      again = true;
      return looking;
    }
    looking = lookNow().finally(() => {
      looking = undefined;
    });
    return looking;
  }

  async function lookNow() {
    try {
      do {
        again = false;
        for (const lane of lanes()) await fill(lane);
      } while (again && !stopping);
    } catch (err) {
      options.onError?.(err, undefined);
    }
  }

  /** The quick jobs' lane (one at a time) and the others' (`concurrency` at a time). */
  function lanes() {
    const kinds = [...byKind.values()];
    return [
      { kinds: kinds.filter((k) => k.quick).map((k) => k.kind), limit: 1, quick: true },
      { kinds: kinds.filter((k) => !k.quick).map((k) => k.kind), limit: options.concurrency, quick: false },
    ].filter((lane) => lane.kinds.length > 0);
  }

  async function fill(lane: ReturnType<typeof lanes>[number]) {
    const inLane = () => [...running.values()].filter((r) => r.quick === lane.quick).length;
    while (!stopping && inLane() < lane.limit) {
      const job = await claimJob(db, dialect, lane.kinds, nodeId, options.now(), options.leaseMs);
      if (!job) break;
      if (stopping) {
        await db
          .updateTable('jobs')
          .set({ status: 'queued', locked_by: null, lease_until: null, attempts: sql<number>`attempts - 1` })
          .where('id', '=', job.id)
          .execute();
        break;
      }
      const kind = byKind.get(job.kind)!;
      const abort = new AbortController();
      const entry = {
        abort,
        quick: lane.quick,
        done: work(kind, job, abort).finally(() => {
          running.delete(job.id);
          if (!stopping) void look();
        }),
      };
      running.set(job.id, entry);
      void announce(job.id);
    }
  }

  return {
    register(kind) {
      byKind.set(kind.kind, kind);
    },
    start() {
      if (started || stopping || byKind.size === 0) return;
      started = true;
      poll = setInterval(() => void look(), options.pollMs);
      poll.unref();
      void look();
    },
    kick() {
      if (started && !stopping) void look();
    },
    async stop() {
      stopping = true;
      if (poll) clearInterval(poll);
      await looking;
      for (const { abort } of running.values()) abort.abort(new Error('node stopping'));
      await Promise.all([...running.values()].map((r) => r.done));
    },
  };
}
