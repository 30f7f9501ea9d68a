import { LearnStatus } from '@anxun/shared/constants';
import type { WarpCourseData } from '@anxun/shared/schemas/training';
import type { AppContext } from '../../app-context.js';
import { signedPlayUrl } from '../../core/file-url.js';
import { iso } from './format.js';
import type { WarpCourseRow } from './training.repository.js';

/** Row → spec §3 warpCourseData, with the short-lived play URL of its video. */
export function toWarpCourseData(ctx: AppContext, row: WarpCourseRow): WarpCourseData {
  // a complete unit is 100 %: its furthest point may stop within the completion tolerance of the end
  const percent =
    row.learn_status === LearnStatus.COMPLETED
      ? 100
      : row.duration_seconds > 0
        ? Math.min(100, (row.furthest_seconds / row.duration_seconds) * 100)
        : 0;
  const rounded = Math.round(percent * 10) / 10;
  return {
    trainWarpCourseId: row.id,
    trainPersonId: row.train_person_id,
    trainClassCourseId: row.class_course_id,
    courseBookId: row.book_id,
    courseWarpId: row.warp_id,
    learnStatus: row.learn_status,
    tCourseName: row.title,
    vodId: row.vod_id,
    sysComments: row.sys_comments,
    startTime: iso(row.start_time),
    lastLearnDate: iso(row.last_learn_date),
    endTime: iso(row.end_time),
    sysSchedule: `${rounded}%`,
    sysPercentage: rounded,
    studyLength: Math.round(row.study_length * 10) / 10,
    durationSeconds: row.duration_seconds,
    furthestSeconds: row.furthest_seconds,
    lastPosition: row.last_position,
    studyCount: row.study_count,
    sortOrder: row.sort_order,
    playUrl: row.vod_id ? signedPlayUrl(ctx.keys.secret, row.vod_id, ctx.now()) : null,
    ...(row.kind === 'document' && row.page_count
      ? {
          kind: 'document' as const,
          pageCount: row.page_count,
          secondsPerPage: row.duration_seconds / row.page_count,
        }
      : { kind: 'video' as const, pageCount: null, secondsPerPage: null }),
  };
}
