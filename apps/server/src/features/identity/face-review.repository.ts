import { sql } from 'kysely';
import { checkState } from '../../core/face-check-state.js';
import type { Db } from '../../infra/database.js';

/**
 * What 核验审核 is for, of a face check aliased `f`: it failed (its window closed on photos
 * sent and none passed — refused as copies, say — is as failed, core/face-check-state), or passed with a score below
 * `lowScore` or with a flag (a still scene, low anti-spoofing or liveness). The queue lists
 * these until reviewed; the photo retention keeps their photos as long (one rule for both).
 */
export const doubtfulCheck = (lowScore: number, now: number) =>
  sql<boolean>`(f.status = 'failed' or (f.status = 'pending' and f.window_ends_at < ${now} and exists (select 1 from face_attempts fa where fa.check_id = f.id)) or (f.status = 'passed' and (f.best_score < ${lowScore} or f.flags is not null)))`;

/**
 * A failure confirmed, then passed late (aliased `f`, its review `r`): the pass is news the
 * confirmation did not see — copies refused, then a pass, is what the queue is for — so the
 * check waits for review again (helper-87).
 */
export const reopenedCheck = sql<boolean>`(r.decision = 'confirmed' and f.status = 'passed' and f.passed_at > r.reviewed_at)`;

/** Waiting in 核验审核: doubtful, and not reviewed (or reviewed before its late pass). */
export const awaitingReview = (lowScore: number, now: number) =>
  sql<boolean>`(${doubtfulCheck(lowScore, now)} and (r.check_id is null or ${reopenedCheck}))`;

/** 核验审核's reads and its one table (face_check_reviews); the checks themselves are never changed. */
export async function findReviewQueue(
  db: Db,
  orgId: string,
  filter: {
    reviewed: boolean;
    lowScore: number;
    now: number;
    checkId?: string | undefined;
    offset: number;
    limit: number;
  },
) {
  const base = db
    .selectFrom('face_checks as f')
    .innerJoin('train_persons as tp', 'tp.id', 'f.train_person_id')
    .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
    .innerJoin('persons as p', 'p.id', 'f.person_id')
    .leftJoin('train_warp_courses as w', 'w.id', 'f.warp_course_id')
    .leftJoin('course_warps as cw', 'cw.id', 'w.warp_id')
    .leftJoin('face_check_reviews as r', 'r.check_id', 'f.id')
    .leftJoin('persons as reviewer', 'reviewer.id', 'r.reviewed_by')
    .where('c.org_id', '=', orgId);
  // 已审核 is every review, a clear pass voided from the records sheet's link included
  const q = filter.checkId
    ? base.where('f.id', '=', filter.checkId)
    : filter.reviewed
      ? base.where('r.check_id', 'is not', null).where(sql<boolean>`not ${reopenedCheck}`)
      : base.where(awaitingReview(filter.lowScore, filter.now));
  const [rows, count] = await Promise.all([
    q
      .select([
        'f.id',
        'f.person_id',
        'f.train_person_id',
        'f.kind',
        'f.status',
        checkState(filter.now).as('state'),
        reopenedCheck.as('reopened'),
        'f.best_score',
        'f.due_at',
        'f.passed_at',
        'f.flags',
        'p.name',
        'p.id_card_enc',
        'p.department_id',
        'c.name as class_name',
        'cw.title as unit_title',
        'r.decision',
        'r.reason',
        'r.voided_seconds',
        'r.reviewed_at',
        'reviewer.name as reviewer_name',
      ])
      .orderBy('f.due_at', 'desc')
      .orderBy('f.id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findAttemptsOfChecks(db: Db, checkIds: string[]) {
  if (checkIds.length === 0) return [];
  return db
    .selectFrom('face_attempts')
    .select([
      'id',
      'check_id',
      'result',
      'score',
      'reason',
      'flags',
      'real_score',
      'live_score',
      'photo_key',
      'via',
      'ip',
      'user_agent',
      'created_at',
    ])
    .where('check_id', 'in', checkIds)
    .orderBy('created_at')
    .execute();
}

/** A check of one of the organisation's classes, with its review if it has one. */
export async function findCheckOfOrg(db: Db, orgId: string, checkId: string, now: number) {
  return db
    .selectFrom('face_checks as f')
    .innerJoin('train_persons as tp', 'tp.id', 'f.train_person_id')
    .innerJoin('train_classes as c', 'c.id', 'tp.class_id')
    .leftJoin('face_check_reviews as r', 'r.check_id', 'f.id')
    .select([
      'f.id',
      'f.person_id',
      'f.train_person_id',
      'f.status',
      checkState(now).as('state'),
      reopenedCheck.as('reopened'),
      'f.best_score',
      'f.flags',
      'f.passed_at',
      'f.kind',
      'f.due_at',
      'c.name as class_name',
      'r.decision',
    ])
    .where('c.org_id', '=', orgId)
    .where('f.id', '=', checkId)
    .executeTakeFirst();
}

/** When this membership's identity was last trusted before `before`: a passed check not voided. */
export async function findTrustedBefore(db: Db, trainPersonId: string, before: number) {
  const row = await db
    .selectFrom('face_checks as f')
    .leftJoin('face_check_reviews as r', 'r.check_id', 'f.id')
    .select((eb) => eb.fn.max<number>('f.passed_at').as('at'))
    .where('f.train_person_id', '=', trainPersonId)
    .where('f.status', '=', 'passed')
    .where('f.passed_at', '<', before)
    .where((eb) => eb.or([eb('r.decision', 'is', null), eb('r.decision', '!=', 'voided')]))
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
}

export async function insertReview(
  db: Db,
  row: {
    checkId: string;
    decision: 'confirmed' | 'voided';
    reason: string;
    voidedSeconds: number;
    /** a void: the moment from which it took credit back */
    voidedSince?: number;
    by: string;
    at: number;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('face_check_reviews')
    .values({
      check_id: row.checkId,
      decision: row.decision,
      reason: row.reason,
      voided_seconds: row.voidedSeconds,
      voided_since: row.voidedSince ?? null,
      reviewed_by: row.by,
      reviewed_at: row.at,
    })
    .onConflict((oc) =>
      // a confirmation the check's late pass came after gives way to the review of that pass
      oc
        .column('check_id')
        .doUpdateSet({
          decision: row.decision,
          reason: row.reason,
          voided_seconds: row.voidedSeconds,
          voided_since: row.voidedSince ?? null,
          reviewed_by: row.by,
          reviewed_at: row.at,
        })
        .where(
          sql<boolean>`face_check_reviews.decision = 'confirmed' and face_check_reviews.reviewed_at < (select passed_at from face_checks where face_checks.id = face_check_reviews.check_id and face_checks.status = 'passed')`,
        ),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findAttemptPhoto(db: Db, attemptId: string) {
  return db.selectFrom('face_attempts').select(['photo_key']).where('id', '=', attemptId).executeTakeFirst();
}

/** Which of these people have a reference photo now (a cleared one shows none). */
export async function findPeopleWithReference(db: Db, personIds: string[]) {
  if (personIds.length === 0) return new Set<string>();
  const rows = await db.selectFrom('face_references').select('person_id').where('person_id', 'in', personIds).execute();
  return new Set(rows.map((r) => r.person_id));
}

/** The class (of the organisation), for its face-check records. */
export async function findClassOfOrg(db: Db, orgId: string, classId: string) {
  return db
    .selectFrom('train_classes')
    .select(['id', 'name'])
    .where('org_id', '=', orgId)
    .where('id', '=', classId)
    .executeTakeFirst();
}

/**
 * A page of a class's face checks, one row per attempt (a check with none: one row), with who,
 * which unit, the review, in a stable order — the face-check records sheet.
 */
export async function findClassCheckRows(db: Db, classId: string, offset: number, limit: number) {
  return db
    .selectFrom('face_checks as f')
    .innerJoin('train_persons as tp', 'tp.id', 'f.train_person_id')
    .innerJoin('persons as p', 'p.id', 'f.person_id')
    .leftJoin('departments as d', 'd.id', 'p.department_id')
    .leftJoin('train_warp_courses as w', 'w.id', 'f.warp_course_id')
    .leftJoin('course_warps as cw', 'cw.id', 'w.warp_id')
    .leftJoin('face_check_reviews as r', 'r.check_id', 'f.id')
    .leftJoin('persons as reviewer', 'reviewer.id', 'r.reviewed_by')
    .leftJoin('face_attempts as a', 'a.check_id', 'f.id')
    .select([
      'f.id as check_id',
      'f.kind',
      'f.status',
      'f.best_score',
      'f.flags',
      'f.due_at',
      'f.window_ends_at',
      'p.name',
      'p.id as person_id',
      'p.id_card_enc',
      'p.org_id',
      'p.department_id',
      'd.name as department_name',
      'cw.title as unit_title',
      'r.decision',
      'r.reason',
      'r.voided_seconds',
      'r.reviewed_at',
      'reviewer.name as reviewer_name',
      'a.id as attempt_id',
      'a.result',
      'a.score',
      'a.reason as attempt_reason',
      'a.photo_key',
      'a.photo_purged_at',
      'a.via',
      'a.ip',
      'a.user_agent',
      'a.created_at as attempted_at',
    ])
    .where('tp.class_id', '=', classId)
    .orderBy('p.name')
    .orderBy('f.person_id')
    .orderBy('f.due_at')
    .orderBy('f.id')
    .orderBy('a.created_at')
    .orderBy('a.id')
    .offset(offset)
    .limit(limit)
    .execute();
}
