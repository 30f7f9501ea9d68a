import { ErrorCode } from '@anxun/shared/errors';
import { departmentNameOf, departmentPathsOfOrg } from '../../core/department.repository.js';
import type { AnswerValue, QuestionKind } from '@anxun/shared/schemas/exams';
import { exportedIdCard } from '../../core/id-cards.js';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../core/audit.js';
import type { ClassArchivePart } from '../../core/class-archive-part.js';
import { sheetTime } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import { streamSheet } from '../../infra/xlsx-stream.js';
import { findClassAttempts, findClassOfOrg } from './exam-results.repository.js';
import { reviewOf, settleOverdueAttempts } from './exam.service.js';
import { bytesOf } from '../../infra/stream-bytes.js';

const PAGE = 200;
const STATUS = { open: '答题中', submitted: '已交卷', expired: '超时交卷' } as const;
const when = sheetTime;
/** an answer as written: a multiple choice's letters together (AC), a fill-in's blanks apart (根|红) */
export const answerText = (kind: QuestionKind, value: AnswerValue | null | undefined): string =>
  value === null || value === undefined || value === ''
    ? '未答'
    : typeof value === 'boolean'
      ? value
        ? '对'
        : '错'
      : Array.isArray(value)
        ? value.join(kind === 'fill' ? '|' : '')
        : value;

/**
 * 考试成绩 with answer sheets (issue: Console III): one row per attempt of the class — who,
 * which course, when, the score and the pass — and the sheet in one cell, question by question
 * (the answer given, right or wrong, the points). Streamed a page at a time.
 */
function examResultsSheet(ctx: AppContext, classId: string, full: boolean) {
  return streamSheet(
    '考试成绩',
    [
      { header: '姓名', key: 'name', width: 12 },
      { header: '身份证号', key: 'idCard', width: 22 },
      { header: '部门', key: 'department', width: 18 },
      { header: '课程', key: 'course', width: 22 },
      { header: '第几次', key: 'attempt', width: 8 },
      { header: '开考时间', key: 'started', width: 20, format: 'time' },
      { header: '交卷时间', key: 'submitted', width: 20, format: 'time' },
      { header: '用时（分钟）', key: 'took', width: 12 },
      { header: '状态', key: 'status', width: 10 },
      { header: '成绩', key: 'score', width: 8 },
      { header: '总分', key: 'total', width: 8 },
      { header: '合格分', key: 'pass', width: 8 },
      { header: '是否通过', key: 'passed', width: 10 },
      { header: '答卷', key: 'sheet', width: 80 },
    ],
    async (addRow, drained) => {
      let paths: Map<string, string> | undefined; // the organisation's, read with the first page
      for (let offset = 0; ; offset += PAGE) {
        const rows = await findClassAttempts(ctx.db, classId, offset, PAGE);
        if (!paths && rows[0]) paths = await departmentPathsOfOrg(ctx.db, rows[0].org_id);
        for (const a of rows) {
          const handedIn = a.status !== 'open';
          const sheet = handedIn ? await reviewOf(ctx, a) : undefined;
          addRow({
            name: a.name,
            idCard: exportedIdCard(ctx.keys.idCards, a.person_id, a.id_card_enc, full),
            department: departmentNameOf(paths!, a.department_id, a.department_name) ?? '',
            course: a.course_name,
            attempt: a.voided_at !== null ? '' : Number(a.attempt_no),
            started: when(a.started_at),
            submitted: when(a.submitted_at),
            took: a.submitted_at === null ? '' : Math.round((a.submitted_at - a.started_at) / 6_000) / 10,
            status: a.voided_at !== null ? '已作废' : STATUS[a.status],
            score: a.score ?? '',
            total: a.total_score,
            pass: a.pass_score,
            passed: !handedIn ? '' : a.passed === 1 && a.voided_at === null ? '是' : '否',
            sheet: sheet
              ? sheet.items
                  .map(
                    (item, i) =>
                      `${i + 1}. ${answerText(item.kind, item.given)}${item.correct ? '✓' : item.earned > 0 ? '（部分正确）' : '✗'}（${item.earned}/${item.points}）`,
                  )
                  .join('；')
              : '',
          });
        }
        if (rows.length < PAGE) break;
        await drained();
      }
    },
  );
}

/** The exam results sheet as the console downloads it: ID numbers masked unless asked whole; audited before the first byte. */
export async function exportExamResults(
  ctx: AppContext,
  user: AuthUser,
  query: { classId: string; full: boolean },
  ip: string,
) {
  const cls = await findClassOfOrg(ctx.db, user.orgId, query.classId);
  if (!cls) throw new AppError(ErrorCode.NOT_FOUND, '班级不存在');
  // an exam whose time ran out is in the sheet as handed in, not 答题中
  await settleOverdueAttempts(ctx, cls.id);
  await recordAudit(ctx.db, {
    actor: user,
    ip,
    action: 'report.export',
    targetType: 'organisation',
    targetId: user.orgId,
    summary: { after: { kind: 'exam-results', classId: cls.id, fullIdNumbers: query.full } },
    now: ctx.now(),
  });
  return { stream: examResultsSheet(ctx, cls.id, query.full), fileName: `${cls.name}-考试成绩.xlsx` };
}

/** 一期一档's exam part: the class's results with every answer sheet. */
export const examResultsArchivePart: ClassArchivePart = async (ctx, { classId }, add) => {
  await settleOverdueAttempts(ctx, classId);
  await add('报表/考试成绩.xlsx', await bytesOf(examResultsSheet(ctx, classId, false)));
};
