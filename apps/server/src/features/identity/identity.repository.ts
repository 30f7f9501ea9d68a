import { COPY_REFUSALS } from '../../core/face-check-state.js';
import { sql, type Insertable, type Updateable } from 'kysely';
import { RETENTION_DEFAULT_YEARS } from '@anxun/shared/schemas/retention';
import { checkState } from '../../core/face-check-state.js';
import type { Db } from '../../infra/database.js';
import { awaitingReview } from './face-review.repository.js';
import type {
  FaceAttemptsTable,
  FaceCaptureNoncesTable,
  FaceCaptureTokensTable,
  FaceChecksTable,
  FaceReferencesTable,
} from '../../infra/db-schema.js';

export async function findReference(db: Db, personId: string) {
  return db.selectFrom('face_references').selectAll().where('person_id', '=', personId).executeTakeFirst();
}

export async function saveReference(db: Db, row: Insertable<FaceReferencesTable>): Promise<void> {
  await db
    .insertInto('face_references')
    .values(row)
    .onConflict((oc) =>
      oc.column('person_id').doUpdateSet({
        photo_key: row.photo_key,
        embedding: row.embedding,
        detector_score: row.detector_score,
        photo_sha256: row.photo_sha256 ?? null,
        frame_hash: row.frame_hash ?? null,
        face_hash: row.face_hash ?? null,
        set_by: row.set_by,
        updated_at: row.updated_at,
        origin_embedding: row.origin_embedding ?? null,
      }),
    )
    .execute();
}

/**
 * A first reference photo (none before, or none since the manager cleared it at `since`): the
 * person's checks still open that fell due while he had none could not be passed until now, so
 * each one's window (its length as opened) runs from now — a first-timer who set his photo when
 * asked comes back to a check on time, not 已超时. A check due while he had a photo keeps its own.
 */
export async function restartOpenCheckWindows(db: Db, personId: string, since: number, now: number): Promise<void> {
  await db
    .updateTable('face_checks')
    .set({ window_ends_at: sql<number>`${now} + (window_ends_at - due_at)`, updated_at: now })
    .where('person_id', '=', personId)
    .where('status', '!=', 'passed')
    .where('due_at', '>=', since)
    .where('due_at', '<', now)
    .execute();
}

export async function deleteReference(db: Db, personId: string): Promise<void> {
  await db.deleteFrom('face_references').where('person_id', '=', personId).execute();
}

/** A learner of the organisation (a manager's face work is on learners, never on fellow managers or the operator). */
export async function findPersonOfOrg(db: Db, personId: string, orgId: string) {
  return db
    .selectFrom('persons')
    .select(['id', 'name'])
    .where('id', '=', personId)
    .where('org_id', '=', orgId)
    .where('role', '=', 'learner')
    .executeTakeFirst();
}

/** A learner's membership of a class, with its rules. */
export async function findMembershipOfClass(db: Db, classId: string, personId: string) {
  return db
    .selectFrom('train_persons as tp')
    .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
    .select(['tp.id as train_person_id', 'c.id as class_id', 'c.rules'])
    .where('tp.class_id', '=', classId)
    .where('tp.person_id', '=', personId)
    .executeTakeFirst();
}

/** The rules JSON of a membership's class. */
export async function findMembershipRules(db: Db, trainPersonId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('train_persons as tp')
    .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
    .select('c.rules')
    .where('tp.id', '=', trainPersonId)
    .executeTakeFirst();
  return row?.rules;
}

export type CheckRow = Awaited<ReturnType<typeof findCheck>> & object;

export async function findCheck(db: Db, id: string) {
  return db.selectFrom('face_checks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A person's checks not yet passed, with their class and unit, oldest first. */
export async function findOpenChecksOfPerson(db: Db, personId: string) {
  return db
    .selectFrom('face_checks as f')
    .innerJoin('train_persons as tp', 'tp.id', 'f.train_person_id')
    .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
    .leftJoin('train_warp_courses as wc', 'wc.id', 'f.warp_course_id')
    .leftJoin('course_warps as w', 'w.id', 'wc.warp_id')
    .selectAll('f')
    .select(['c.id as class_id', 'c.name as class_name', 'c.rules as class_rules', 'wc.class_course_id'])
    .select('w.title as unit_title')
    .where('f.person_id', '=', personId)
    .where('f.status', '!=', 'passed')
    .orderBy('f.due_at', 'asc')
    .orderBy('f.id')
    .execute();
}

export async function insertCheck(db: Db, row: Insertable<FaceChecksTable>): Promise<void> {
  await db.insertInto('face_checks').values(row).execute();
}

/** Records an attempt's outcome on a check still open; false when it was passed meanwhile. */
export async function updateOpenCheck(db: Db, id: string, values: Updateable<FaceChecksTable>): Promise<boolean> {
  const result = await db
    .updateTable('face_checks')
    .set((eb) => ({ ...values, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '!=', 'passed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether this photo (by its SHA-256) was sent before by this person. */
export async function photoSeenBefore(db: Db, personId: string, sha256: string): Promise<boolean> {
  const row = await db
    .selectFrom('face_attempts')
    .select('id')
    .where('person_id', '=', personId)
    .where('photo_sha256', '=', sha256)
    .executeTakeFirst();
  return Boolean(row);
}

/** Whether someone else sent this very file, as a check photo or as his reference. */
export async function photoOfAnother(db: Db, personId: string, sha256: string): Promise<boolean> {
  const [attempt, reference] = await Promise.all([
    db
      .selectFrom('face_attempts')
      .select('id')
      .where('photo_sha256', '=', sha256)
      .where('person_id', '!=', personId)
      .executeTakeFirst(),
    db
      .selectFrom('face_references')
      .select('person_id')
      .where('photo_sha256', '=', sha256)
      .where('person_id', '!=', personId)
      .executeTakeFirst(),
  ]);
  return Boolean(attempt ?? reference);
}

/** A reference saved before photos were hashed gets its hashes when a check first needs them. */
export async function saveReferenceHashes(db: Db, personId: string, frameHash: string | null, faceHash: string | null) {
  await db
    .updateTable('face_references')
    .set({ frame_hash: frameHash, face_hash: faceHash })
    .where('person_id', '=', personId)
    .execute();
}

/** How many of the learner's latest compared photos a new one is checked against. */
const EARLIER_PHOTOS = 500;

/** The hashes of the learner's latest compared photos, newest first (the embeddings stay behind: 5 KB each). */
export async function findEarlierPhotoHashes(db: Db, personId: string) {
  return db
    .selectFrom('face_attempts')
    .select(['id', 'frame_hash', 'face_hash', 'purpose', 'result'])
    .where('person_id', '=', personId)
    .where('frame_hash', 'is not', null)
    .where('embedding', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(EARLIER_PHOTOS)
    .execute();
}

export async function findAttemptEmbeddings(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db.selectFrom('face_attempts').select(['id', 'embedding']).where('id', 'in', ids).execute();
  return new Map(rows.filter((r) => r.embedding).map((r) => [r.id, r.embedding!]));
}

export async function insertNonce(db: Db, row: Insertable<FaceCaptureNoncesTable>): Promise<void> {
  await db.insertInto('face_capture_nonces').values(row).execute();
  // yesterday's nonces are of no use to anyone
  await db
    .deleteFrom('face_capture_nonces')
    .where('expires_at', '<', row.created_at - 86400_000)
    .execute();
}

export async function countOpenNonces(db: Db, personId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('face_capture_nonces')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('person_id', '=', personId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * What a check's earlier photos were refused for, each reason once, among those a pass is
 * flagged for: refused as a copy, a still scene or not taken live (COPY_REFUSALS), or a face
 * unlike the reference (MISMATCH). One read for both flags.
 */
export async function findDoubtfulReasons(db: Db, checkId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('face_attempts')
    .select('reason')
    .distinct()
    .where('check_id', '=', checkId)
    .where('reason', 'in', [...COPY_REFUSALS, 'MISMATCH'])
    .execute();
  return new Set(rows.flatMap((r) => (r.reason ? [r.reason] : [])));
}

/** Uses the learner's nonce once: false when unknown, someone else's, expired or used (even by a racing request). */
export async function claimNonce(db: Db, personId: string, nonceHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('face_capture_nonces')
    .set({ used_at: now })
    .where('nonce_hash', '=', nonceHash)
    .where('person_id', '=', personId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertAttempt(db: Db, row: Insertable<FaceAttemptsTable>): Promise<void> {
  await db.insertInto('face_attempts').values(row).execute();
}

export async function listChecks(
  db: Db,
  personId: string,
  filter: { trainPersonId?: string; offset: number; limit: number },
) {
  let q = db.selectFrom('face_checks as f').where('f.person_id', '=', personId);
  if (filter.trainPersonId) q = q.where('f.train_person_id', '=', filter.trainPersonId);
  const [rows, all] = await Promise.all([
    q
      .selectAll('f')
      .select((eb) => [
        checkState().as('state'),
        eb
          .selectFrom('face_attempts as a')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('a.check_id', '=', 'f.id')
          .as('attempt_count'),
      ])
      .orderBy('f.due_at', 'desc')
      .orderBy('f.id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    q.select(['f.status', 'f.window_ends_at', 'f.passed_at', checkState().as('state')]).execute(),
  ]);
  return { rows, all };
}

/** A courseware record's checks and attempts (updateVerify). */
export async function verificationOfWarp(db: Db, warpCourseId: string) {
  const [checks, failed] = await Promise.all([
    db.selectFrom('face_checks').select(['status', 'passed_at']).where('warp_course_id', '=', warpCourseId).execute(),
    db
      .selectFrom('face_attempts as a')
      .innerJoin('face_checks as f', 'f.id', 'a.check_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('f.warp_course_id', '=', warpCourseId)
      .where('a.result', '!=', 'passed')
      .executeTakeFirstOrThrow(),
  ]);
  return { checks, failedAttempts: Number(failed.n) };
}

export async function findWarpOwner(db: Db, warpCourseId: string) {
  return db
    .selectFrom('train_warp_courses as wc')
    .innerJoin('train_persons as tp', 'tp.id', 'wc.train_person_id')
    .select(['wc.id', 'tp.person_id'])
    .where('wc.id', '=', warpCourseId)
    .executeTakeFirst();
}

export async function insertCaptureToken(db: Db, row: Insertable<FaceCaptureTokensTable>): Promise<void> {
  await db.insertInto('face_capture_tokens').values(row).execute();
}

export async function findCaptureToken(db: Db, tokenHash: string) {
  return db.selectFrom('face_capture_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Uses a token once: false when it was used (or expired) already, even by a request racing this one. */
export async function claimCaptureToken(db: Db, tokenHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('face_capture_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A year of retention, counted long (366 days), so that no photo goes a day early. */
const YEAR_MS = 366 * 86400_000;

/**
 * Attempts whose photo no record still needs (issue: Console III, retention): older than the
 * organisation's retention; not of a check waiting in 核验审核 (failed, or passed below
 * `reviewBelow`, and not reviewed); and the learner in no class still within its retention —
 * a class with neither end date nor 结课 is still running, one that ended is kept its
 * retention (its own when longer, else the organisation's) past its end, and an attempt is
 * kept that long past its own time too. A page after the id `after`, in id order.
 */
export async function findExpiredPhotos(db: Db, now: number, reviewBelow: number, after: string, limit: number) {
  const year = sql<number>`cast(${YEAR_MS} as bigint)`;
  // the longer of the class's own retention and the organisation's
  const classYears = sql<number>`(case when k.retention_years > o.retention_years then k.retention_years else o.retention_years end)`;
  return (
    db
      .selectFrom('face_attempts as a')
      .innerJoin('persons as p', 'p.id', 'a.person_id')
      .innerJoin('organisations as o', 'o.id', 'p.org_id')
      .select(['a.id', 'a.photo_key'])
      .where('a.photo_key', 'is not', null)
      // no retention is under three years: the index on created_at narrows the scan
      .where('a.created_at', '<', now - RETENTION_DEFAULT_YEARS * YEAR_MS)
      .where(sql<boolean>`a.created_at + o.retention_years * ${year} < ${now}`)
      .where('a.id', '>', after)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('face_checks as f')
              .leftJoin('face_check_reviews as r', 'r.check_id', 'f.id')
              .select('f.id')
              .whereRef('f.id', '=', 'a.check_id')
              .where(awaitingReview(reviewBelow, now))
              // a spot check (a clean pass picked at random) holds no photo past its retention
              .where(sql<boolean>`coalesce(f.flags, '') <> 'SAMPLED'`),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('train_persons as tp')
              .innerJoin('train_classes as k', 'k.id', 'tp.class_id')
              .select('tp.id')
              .whereRef('tp.person_id', '=', 'a.person_id')
              .where(
                sql<boolean>`(
                  (k.end_date is null and k.closed_at is null)
                  or k.end_date + ${classYears} * ${year} >= ${now}
                  or k.closed_at + ${classYears} * ${year} >= ${now}
                  or a.created_at + ${classYears} * ${year} >= ${now}
                )`,
              ),
          ),
        ),
      )
      .orderBy('a.id')
      .limit(limit)
      .execute()
  );
}

/** The photo's bytes are gone; so are its embedding and hashes (biometric data, kept as long as the photo). */
export async function markPhotoPurged(db: Db, id: string, now: number): Promise<void> {
  await db
    .updateTable('face_attempts')
    .set({ photo_key: null, photo_purged_at: now, embedding: null, frame_hash: null, face_hash: null })
    .where('id', '=', id)
    .execute();
}
