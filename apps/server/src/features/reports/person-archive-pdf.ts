import { MemberStatusMsg } from '@anxun/shared/messages';
import type { LearnerReport } from '@anxun/shared/schemas/reports';
import { durationText } from '../../core/duration-text.js';
import { cjkFontFile } from '../../infra/pdf-fonts.js';

export interface PersonArchive {
  orgName: string;
  report: LearnerReport;
  /** the check photo (a small JPEG) shown beside each face check, by check id */
  photos: Map<string, Buffer>;
  /** SHA-256 of the archive's data, printed on every page */
  sha256: string;
  producedAt: string;
}

// as 核验记录 and the console name them
const KIND = { start: '开始学习', random: '随机', end: '课件学完', exam: '考试前' } as const;
const CHECK = {
  pending: '待核验',
  missed: '逾期未核验',
  failed: '未通过',
  passed: '通过',
  voided: '已作废（审核）',
} as const;
const STATUS = MemberStatusMsg;
const EXAM = { open: '答题中', submitted: '已交卷', expired: '超时交卷' } as const;
const REFUSAL: Record<string, string> = {
  RATE: '倍速',
  SEEK: '拖动',
  HIDDEN: '页面隐藏',
  IDLE: '无操作',
  OTHER_PLAYBACK: '同时播放',
  FACE_CHECK_DUE: '待人脸核验',
  DAILY_CAP: '超每日上限',
  CLASS_PERIOD: '培训期外',
  REPLAY: '重复上报',
  VOIDED: '核验作废',
};
type CourseReport = LearnerReport['classes'][number]['courses'][number];
/** The exam's attempts as the class allowed them, and the 补考 a manager granted one by one. */
const examOf = (c: CourseReport) =>
  c.examAttemptsAllowed === null
    ? ''
    : `，考试已用 ${c.examAttemptsUsed}/${c.examAttemptsAllowed} 次${c.examAttemptsGranted > 0 ? `（含补考 ${c.examAttemptsGranted} 次）` : ''}`;
const time = (iso: string | null) => (iso ? iso.slice(0, 19).replace('T', ' ') : '—');

/** 核验审核's word on a check: a void with its reason and the time it took back; who, and when. */
const reviewText = (review: LearnerReport['classes'][number]['faceChecks'][number]['review']) =>
  !review
    ? ''
    : `\u3000审核：${review.decision === 'voided' ? `作废，原因：${review.reason}，扣回 ${durationText(review.voidedSeconds)}` : `已确认${review.reason ? `，意见：${review.reason}` : ''}`}（${review.reviewerName ?? '—'} 于 ${time(review.reviewedAt)}）`;

/**
 * 一人一档: one learner's training file as a regulator reads it — identity, each class and
 * course with the 学时 credited and how (unit by unit, with the reports that earned nothing),
 * every face check with its photo, every exam attempt, the certificate. Every page's footer
 * carries the SHA-256 of the data and when the file was produced.
 */
export async function renderPersonArchive(archive: PersonArchive): Promise<Buffer> {
  const { report } = archive;
  // pdfkit loads with the first PDF asked for, not with every start
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 48, bottom: 64, left: 48, right: 48 },
    bufferPages: true,
    info: { Title: `培训档案 ${report.name}`, Author: archive.orgName, Subject: '一人一档' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('regular', cjkFontFile('Regular'));
  doc.registerFont('bold', cjkFontFile('Bold'));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const heading = (text: string, size = 13) => {
    doc.moveDown(0.6).font('bold').fontSize(size).fillColor('#222').text(text, left, undefined, { width });
    doc.font('regular').fontSize(9.5).fillColor('#333');
  };
  const line = (text: string) => doc.text(text, left, undefined, { width });

  doc.font('bold').fontSize(18).text(`${archive.orgName} · 学员培训档案`, { align: 'center' });
  doc.moveDown(0.3).font('regular').fontSize(10).fillColor('#666').text('一人一档', { align: 'center' });
  heading('学员信息');
  line(`姓名：${report.name}\u3000\u3000身份证号：${report.idCard || '—'}\u3000\u3000手机号：${report.phone || '—'}`);
  line(`部门：${report.departmentName ?? '—'}\u3000\u3000岗位/工种：${report.post ?? '—'}`);

  for (const c of report.classes) {
    heading(`班级：${c.className}`, 12);
    line(
      `加入时间：${time(c.joinedAt)}\u3000\u3000状态：${STATUS[c.status]}\u3000\u3000学时：已学 ${c.creditedHours}（${durationText(c.creditedSeconds)}）/ 应修 ${c.requiredHours}，计入 ${c.countedHours}`,
    );
    for (const course of c.courses) {
      doc
        .moveDown(0.3)
        .font('bold')
        .text(
          `课程：${course.courseName}（应修 ${course.requiredHours} 学时，已学 ${durationText(course.creditedSeconds)}，${STATUS[course.status]}${examOf(course)}${course.examPassedAt ? `，考试通过于 ${time(course.examPassedAt)}` : ''}）`,
          left,
          undefined,
          { width },
        );
      doc.font('regular');
      for (const u of course.units) {
        const refused = Object.entries(u.refusals)
          .map(([code, n]) => `${REFUSAL[code] ?? code}×${n}`)
          .join('、');
        line(
          `· ${u.title}：时长 ${durationText(u.durationSeconds)}，已学 ${durationText(u.creditedSeconds)}，学习 ${u.studyCount} 次${u.done ? '，已完成' : ''}；首次 ${time(u.firstStudyAt)}，最后 ${time(u.lastStudyAt)}${refused ? `；未计时：${refused}` : ''}`,
        );
      }
    }
    heading('人脸核验', 11);
    if (c.faceChecks.length === 0) line('无');
    for (const f of c.faceChecks) {
      const photo = archive.photos.get(f.checkId);
      if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage();
      const y = doc.y;
      const text = `${time(f.dueAt)}\u3000${KIND[f.kind]}核验\u3000${CHECK[f.status]}\u3000相似度 ${f.bestScore === null ? '—' : f.bestScore.toFixed(3)}\u3000尝试 ${f.attempts} 次${f.unitTitle ? `\u3000课件：${f.unitTitle}` : ''}${reviewText(f.review)}`;
      if (photo) {
        try {
          doc.image(photo, left, y, { fit: [44, 44] });
        } catch {
          // a photo pdfkit cannot read is left out, its record stays
        }
        doc.text(text, left + 52, y + 14, { width: width - 52 });
        doc.y = Math.max(doc.y, y + 48);
      } else {
        line(text);
      }
    }
    heading('考试记录', 11);
    if (c.examAttempts.length === 0) line('无');
    for (const a of c.examAttempts) {
      line(
        `${a.courseName}：${time(a.startedAt)} 开考，${EXAM[a.status]}${a.submittedAt ? `于 ${time(a.submittedAt)}` : ''}，成绩 ${a.score ?? '—'} / ${a.totalScore}（合格 ${a.passScore}），${a.voided ? '已作废（人脸核验经审核作废，不计成绩、不占次数）' : a.passed ? '通过' : '未通过'}`,
      );
    }
    heading('证书', 11);
    line(
      c.certificate
        ? `编号 ${c.certificate.number}，${c.certificate.status === 'valid' ? '有效' : '已撤销'}，发证于 ${time(c.certificate.issuedAt)}`
        : '未发证',
    );
  }
  if (report.classes.length === 0) {
    heading('培训记录');
    line('无');
  }

  // the footer on every page: what the data hashes to and when the file was made
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.height - 40;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor('#777')
      .text(
        `数据 SHA-256：${archive.sha256}\u3000生成时间：${time(archive.producedAt)}\u3000第 ${i + 1} / ${range.count} 页`,
        left,
        bottom,
        {
          width,
          align: 'center',
          lineBreak: false,
        },
      );
  }
  doc.end();
  return done;
}
