import type { Db } from '../../infra/database.js';
import type { TimeRange } from './reports.repository.js';

/**
 * 学习轨迹's reads: every study event of a membership (each progress report and the server's
 * decision on it), its exam attempts and its logins, as they were recorded. Writes nothing.
 */

/** Where a page of events ended: the next page starts after it. */
export interface EventCursor {
  at: number;
  id: string;
}

/**
 * A page of a membership's study events (of one course when given) in the order they were
 * recorded, after `cursor`: a learner of a long class has thousands, never read all at once.
 */
export async function findTrailEvents(
  db: Db,
  trainPersonId: string,
  options: { classCourseId?: string | undefined; range: TimeRange; cursor?: EventCursor | undefined; limit: number },
) {
  const { classCourseId, range, cursor } = options;
  return db
    .selectFrom('study_events as e')
    .innerJoin('train_warp_courses as w', 'w.id', 'e.warp_course_id')
    .innerJoin('course_warps as cw', 'cw.id', 'w.warp_id')
    .select([
      'e.id',
      'e.created_at',
      'e.playback_id',
      'e.seq',
      'e.reported_position',
      'e.reported_rate',
      'e.hidden',
      'e.credited_seconds',
      'e.refusal',
      'e.ip',
      'e.user_agent',
      'e.session_id',
      'e.request_id',
      'w.class_course_id',
      'cw.title',
    ])
    .where('w.train_person_id', '=', trainPersonId)
    .$if(classCourseId !== undefined, (q) => q.where('w.class_course_id', '=', classCourseId!))
    .$if(range.from !== undefined, (q) => q.where('e.created_at', '>=', range.from!))
    .$if(range.to !== undefined, (q) => q.where('e.created_at', '<', range.to!))
    .$if(cursor !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('e.created_at', '>', cursor!.at),
          eb.and([eb('e.created_at', '=', cursor!.at), eb('e.id', '>', cursor!.id)]),
        ]),
      ),
    )
    .orderBy('e.created_at')
    .orderBy('e.id')
    .limit(options.limit)
    .execute();
}

/** The exam attempts of these memberships (of one course when given) begun in the range. */
export async function findTrailAttempts(
  db: Db,
  trainPersonIds: string[],
  options: { classCourseId?: string | undefined; range: TimeRange },
) {
  if (trainPersonIds.length === 0) return [];
  const { classCourseId, range } = options;
  return db
    .selectFrom('exam_attempts')
    .select([
      'train_person_id',
      'class_course_id',
      'status',
      'started_at',
      'deadline_at',
      'submitted_at',
      'score',
      'passed',
      'voided_at',
      'session_id',
      'ip',
      'user_agent',
    ])
    .where('train_person_id', 'in', trainPersonIds)
    .$if(classCourseId !== undefined, (q) => q.where('class_course_id', '=', classCourseId!))
    .$if(range.from !== undefined, (q) => q.where('started_at', '>=', range.from!))
    .$if(range.to !== undefined, (q) => q.where('started_at', '<', range.to!))
    .orderBy('train_person_id')
    .orderBy('started_at')
    .execute();
}
