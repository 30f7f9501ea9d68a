import type { AppContext } from '../../app-context.js';
import { ISSUE_CERTIFICATES_JOB } from '../../core/certificate-issue-queue.js';
import { deleteJob, type JobKind } from '../../infra/job-queue.js';
import { issueEarned } from './certificate.service.js';

/**
 * Issues what a learner has earned as his class completes (core/certificate-issue-queue). Each
 * issue is its own transaction under the learner's lock and idempotent, so a job run twice (a
 * node died mid-way) issues nothing twice; the job's finishing transaction writes nothing more.
 */
export function certificateIssueJob(ctx: AppContext): JobKind {
  return {
    kind: ISSUE_CERTIFICATES_JOB,
    maxAttempts: 3,
    // never behind a transcode or an archive: the manager sees the certificate at once
    quick: true,
    async run(job) {
      const { personId } = JSON.parse(job.payload) as { personId: string };
      await issueEarned(ctx, personId);
      return async () => undefined;
    },
    // one per completion: a done one is not kept (a failed one is, with its error)
    async settled(job, outcome) {
      if (outcome === 'done') await deleteJob(ctx.db, job.id);
    },
  };
}
