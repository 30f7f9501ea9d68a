import type { Kysely } from 'kysely';

/**
 * Durable background jobs (DESIGN.md: long work runs as jobs in a table, one node per job),
 * first used to turn uploaded courseware into units; and what a unit's file keeps besides
 * its bytes: a video's poster image, a document's pages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.references('organisations.id'))
    /** what to do: 'courseware.transcode' … */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** what the job is about, for listing (a course book's uploads) */
    .addColumn('subject_id', 'text')
    /** JSON: the kind's input */
    .addColumn('payload', 'text', (c) => c.notNull())
    /** 'queued' | 'running' | 'done' | 'failed' */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('percent', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** the node running it, and until when its claim holds unless renewed */
    .addColumn('locked_by', 'text')
    .addColumn('lease_until', 'bigint')
    /** for a person: why it failed */
    .addColumn('error', 'text')
    /** JSON: what it made */
    .addColumn('result', 'text')
    .addColumn('created_by', 'text', (c) => c.references('persons.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_status_idx').on('jobs').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('jobs_subject_idx').on('jobs').columns(['subject_id', 'created_at']).execute();

  await db.schema.alterTable('vods').addColumn('poster_key', 'text').execute();
  /** a document unit's pages (a PDF); null for a video */
  await db.schema.alterTable('vods').addColumn('page_count', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vods').dropColumn('page_count').execute();
  await db.schema.alterTable('vods').dropColumn('poster_key').execute();
  await db.schema.dropTable('jobs').execute();
}
