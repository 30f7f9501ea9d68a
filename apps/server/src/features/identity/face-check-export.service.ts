import { deviceName } from '../../core/device-name.js';
import path from 'node:path';
import { departmentNameOf, departmentPathsOfOrg } from '../../core/department.repository.js';
import { ErrorCode } from '@anxun/shared/errors';
import { FaceFlagMsg } from '@anxun/shared/messages';
import type { FaceFlag } from '@anxun/shared/schemas/identity';
import { exportedIdCard } from '../../core/id-cards.js';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../core/audit.js';
import { safeFileName, type ClassArchivePart } from '../../core/class-archive-part.js';
import { sheetTime } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import { FACE_REJECTION_MESSAGES, type FaceRejection } from '../../infra/face/face-judgement.js';
import { streamSheet } from '../../infra/xlsx-stream.js';
import { findClassCheckRows, findClassOfOrg } from './face-review.repository.js';
import { bytesOf } from '../../infra/stream-bytes.js';

const PAGE = 500;
// as 学习档案, 一人一档 and 核验审核 name them
const KIND = { start: '开始学习', random: '随机', end: '课件学完', exam: '考试前' } as const;
// a check whose window closed unpassed: 逾期未核验 with no photo sent, else 未通过 — as 学习档案 and 一人一档 say (core/face-check-state)
const STATUS = { pending: '待核验', missed: '逾期未核验', failed: '未通过', passed: '通过' } as const;
const RESULT = { passed: '通过', failed: '不一致', rejected: '照片不可用' } as const;
// camera: the page's own camera, on a computer or a phone alike; phone: a desktop's check taken on a phone by its QR code
const VIA = { camera: '本机摄像头', phone: '手机扫码', upload: '上传' } as const;
const REVIEW = { confirmed: '已确认', voided: '已作废' } as const;
const when = sheetTime;
const score = (n: number | null) => (n === null ? '' : Math.round(n * 1000) / 1000);

type CheckRow = Awaited<ReturnType<typeof findClassCheckRows>>[number];
/** the photo cell: a link (the console's record, or the photo inside the archive), or why there is none */
type PhotoLink = (row: CheckRow) => { text: string; hyperlink: string } | string;

/**
 * 核验记录 of a class (issue: Console III): one row per attempt — who, which check (kind, due
 * time, its result and best score), the attempt's time, result, score, address, device, the
 * review and its reason — and a link to the photo. Streamed a page at a time.
 */
function faceCheckSheet(ctx: AppContext, classId: string, full: boolean, photo: PhotoLink) {
  return streamSheet(
    '核验记录',
    [
      { header: '姓名', key: 'name', width: 12 },
      { header: '身份证号', key: 'idCard', width: 22 },
      { header: '部门', key: 'department', width: 16 },
      { header: '课件', key: 'unit', width: 24 },
      { header: '核验时机', key: 'kind', width: 10 },
      { header: '应核验时间', key: 'due', width: 20, format: 'time' },
      { header: '核验结果', key: 'status', width: 10 },
      { header: '最高得分', key: 'best', width: 10 },
      { header: '疑点', key: 'flags', width: 16 },
      { header: '拍照时间', key: 'at', width: 20, format: 'time' },
      { header: '本次结果', key: 'result', width: 12 },
      { header: '本次得分', key: 'score', width: 10 },
      { header: '未通过原因', key: 'reason', width: 24 },
      { header: '方式', key: 'via', width: 12 },
      { header: 'IP', key: 'ip', width: 16 },
      { header: '设备', key: 'device', width: 30 },
      // the browser's own words: they tell one phone from another where the name cannot
      { header: '设备（原文）', key: 'userAgent', width: 40 },
      { header: '审核', key: 'review', width: 10 },
      { header: '审核意见', key: 'reviewReason', width: 24 },
      { header: '审核人', key: 'reviewer', width: 12 },
      { header: '审核时间', key: 'reviewedAt', width: 20, format: 'time' },
      { header: '照片', key: 'photo', width: 14 },
    ],
    async (addRow, drained) => {
      const now = ctx.now();
      let paths: Map<string, string> | undefined; // the organisation's, read with the first page
      for (let offset = 0; ; offset += PAGE) {
        const rows = await findClassCheckRows(ctx.db, classId, offset, PAGE);
        if (!paths && rows[0]) paths = await departmentPathsOfOrg(ctx.db, rows[0].org_id);
        for (const r of rows) {
          addRow({
            name: r.name,
            idCard: exportedIdCard(ctx.keys.idCards, r.person_id, r.id_card_enc, full),
            department: departmentNameOf(paths!, r.department_id, r.department_name) ?? '',
            unit: r.unit_title ?? '',
            kind: KIND[r.kind],
            due: when(r.due_at),
            // the check as it stands: a voided pass is no pass (本次结果 keeps what the photo scored)
            status:
              r.decision === 'voided'
                ? REVIEW.voided
                : STATUS[
                    r.status === 'pending' && r.window_ends_at < now ? (r.attempt_id ? 'failed' : 'missed') : r.status
                  ],
            best: score(r.best_score),
            flags: (r.flags ?? '')
              .split(',')
              .filter(Boolean)
              .map((f) => FaceFlagMsg[f as FaceFlag] ?? f)
              .join('、'),
            at: when(r.attempted_at),
            result: r.result ? RESULT[r.result] : '',
            score: score(r.score),
            reason: r.attempt_reason
              ? (FACE_REJECTION_MESSAGES[r.attempt_reason as FaceRejection] ??
                (r.attempt_reason === 'MISMATCH' ? '与本人照片不一致' : r.attempt_reason))
              : '',
            via: r.via ? VIA[r.via] : '',
            ip: r.ip ?? '',
            // as a person reads it; the browser's own words where it is not known
            device: deviceName(r.user_agent) ?? r.user_agent ?? '',
            userAgent: r.user_agent ?? '',
            review: r.decision ? REVIEW[r.decision as keyof typeof REVIEW] : '',
            reviewReason: r.reason ?? '',
            reviewer: r.reviewer_name ?? '',
            reviewedAt: when(r.reviewed_at),
            photo: r.attempt_id ? photo(r) : '',
          });
        }
        if (rows.length < PAGE) break;
        await drained();
      }
    },
  );
}

/**
 * The face-check records sheet as the console downloads it: each photo cell links to the
 * check in 核验审核 (the manager signs in to see it: the sheet carries no photo a stranger
 * could open). ID numbers masked unless asked whole; audited before the first byte.
 */
export async function exportFaceChecks(
  ctx: AppContext,
  user: AuthUser,
  query: { classId: string; full: boolean },
  ip: string,
  origin: string,
) {
  const cls = await findClassOfOrg(ctx.db, user.orgId, query.classId);
  if (!cls) throw new AppError(ErrorCode.NOT_FOUND, '班级不存在');
  await recordAudit(ctx.db, {
    actor: user,
    ip,
    action: 'report.export',
    targetType: 'organisation',
    targetId: user.orgId,
    summary: { after: { kind: 'face-checks', classId: cls.id, fullIdNumbers: query.full } },
    now: ctx.now(),
  });
  const stream = faceCheckSheet(ctx, cls.id, query.full, (r) =>
    r.photo_key
      ? { text: '查看照片', hyperlink: `${origin}/#/manage/face-review?check=${encodeURIComponent(r.check_id)}` }
      : r.photo_purged_at !== null
        ? '照片已过保存期'
        : '无照片',
  );
  return { stream, fileName: `${cls.name}-核验记录.xlsx` };
}

const photoName = (r: CheckRow) =>
  `核验照片/${safeFileName(r.name)}-${r.attempt_id!.slice(0, 8)}${path.extname(r.photo_key ?? '') || '.jpg'}`;

/**
 * 一期一档's face-check part: every attempt's photo still held, and the records sheet whose
 * photo cells link to those files inside the archive.
 */
export const faceChecksArchivePart: ClassArchivePart = async (ctx, { classId, signal }, add) => {
  const held = new Set<string>();
  for (let offset = 0; ; offset += PAGE) {
    const rows = await findClassCheckRows(ctx.db, classId, offset, PAGE);
    for (const r of rows) {
      if (signal.aborted) throw signal.reason;
      if (!r.attempt_id || !r.photo_key) continue;
      const stream = await ctx.files.read(r.photo_key);
      if (!stream) continue;
      await add(photoName(r), await bytesOf(stream));
      held.add(r.attempt_id);
    }
    if (rows.length < PAGE) break;
  }
  const sheet = faceCheckSheet(ctx, classId, false, (r) =>
    held.has(r.attempt_id!)
      ? { text: '查看照片', hyperlink: `../${photoName(r)}` }
      : r.photo_purged_at !== null
        ? '照片已过保存期'
        : '无照片',
  );
  await add('报表/核验记录.xlsx', await bytesOf(sheet));
};
