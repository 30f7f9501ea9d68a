import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../app-context.js';
import { safeFileName, type ClassArchivePart } from '../../core/class-archive-part.js';
import { recordTime, sheetTime } from '../../core/record-time.js';
import { PermanentJobError, type JobKind, type JobRow } from '../../infra/job-queue.js';
import { buildPersonArchive } from './person-archive.service.js';
import type { SettleExams } from './reports.service.js';
import { classStudySheet, classUnitsSheet, departmentsSheet } from './report-export.service.js';
import { findClassMembers, findClassOfOrg, findClassSetup } from './reports.repository.js';
import { departmentSummary } from './reports.service.js';
import { bytesOf } from '../../infra/stream-bytes.js';
import { classTrailBook } from './study-trail.service.js';

/**
 * 一期一档 (issue: Console III): one class's archive for an auditor, built in the background —
 * the class setup (courses, rules, dates), each member's 一人一档 PDF, the class's report sheets,
 * and a manifest.json naming every file with its SHA-256 — as one zip kept in the file store.
 */
export const CLASS_ARCHIVE_JOB = 'archive.class';

export interface ClassArchivePayload {
  classId: string;
  orgId: string;
}
export interface ClassArchiveResult {
  key: string;
  bytes: number;
  sha256: string;
  files: number;
}

const PAGE = 100;
const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

export const payloadOf = (job: JobRow) => JSON.parse(job.payload) as ClassArchivePayload;

/**
 * `parts`: what other features put in the archive (the exam results, the face-check records
 * with their photos), handed over by app.ts.
 */
export function classArchiveJob(
  ctx: AppContext,
  parts: readonly ClassArchivePart[] = [],
  /** each member's other classes' overdue exams closed before his 一人一档 is written */
  settleExams?: SettleExams,
): JobKind {
  return {
    kind: CLASS_ARCHIVE_JOB,
    maxAttempts: 2,
    async run(job, { progress, signal }) {
      const p = payloadOf(job);
      const cls = await findClassOfOrg(ctx.db, p.orgId, p.classId);
      if (!cls) throw new PermanentJobError('班级不存在');
      const work = path.join(ctx.config.dataDir, 'tmp', `archive-${job.id}`);
      await fsp.rm(work, { recursive: true, force: true });
      await fsp.mkdir(work, { recursive: true });
      const zipFile = path.join(work, 'archive.zip');
      const { default: archiver } = await import('archiver');
      const zip = archiver('zip', { zlib: { level: 6 } });
      const out = fs.createWriteStream(zipFile);
      const closed = once(out, 'close');
      // awaited on success; on a failure the stream is torn down below and its end is not news
      closed.catch(() => undefined);
      zip.pipe(out);
      try {
        const manifest: Array<{ path: string; sha256: string; bytes: number }> = [];
        // each file is in the zip before the next is read: a class's photos are never all in memory
        // a ZIP's times have no zone (an unzip shows them as written): the study time zone's wall
        // clock, as every page and sheet says it (they were UTC, eight hours behind in Beijing)
        const date = sheetTime(ctx.now())!;
        const add = async (name: string, data: Buffer) => {
          manifest.push({ path: name, sha256: sha256(data), bytes: data.length });
          const written = once(zip, 'entry');
          zip.append(data, { name, date });
          await written;
        };
        /** A file too big to hold (学习轨迹: every report of the class): hashed on its way to disk. */
        const addStream = async (name: string, source: Readable) => {
          const part = path.join(work, `part-${manifest.length}`);
          const hash = crypto.createHash('sha256');
          let bytes = 0;
          const count = new Transform({
            transform(chunk: Buffer, _encoding, done) {
              hash.update(chunk);
              bytes += chunk.length;
              done(null, chunk);
            },
          });
          await pipeline(source, count, fs.createWriteStream(part));
          manifest.push({ path: name, sha256: hash.digest('hex'), bytes });
          const written = once(zip, 'entry');
          zip.append(fs.createReadStream(part), { name, date });
          await written;
          await fsp.rm(part, { force: true });
        };

        const { cls: row, courses } = await findClassSetup(ctx.db, cls.id);
        const setup = {
          name: row.name,
          teacher: row.teacher,
          startDate: row.start_date === null ? null : recordTime(Number(row.start_date)).slice(0, 10),
          endDate: row.end_date === null ? null : recordTime(Number(row.end_date)).slice(0, 10),
          createdAt: recordTime(Number(row.created_at)),
          closedAt: row.closed_at === null ? null : recordTime(Number(row.closed_at)),
          rules: JSON.parse(row.rules) as unknown,
          courses: courses.map((c) => ({
            name: c.name,
            classHours: c.class_hours,
            units: Number(c.unit_count ?? 0),
          })),
          members: cls.memberCount,
        };
        await add('班级设置.json', Buffer.from(JSON.stringify(setup, null, 2)));
        const total = cls.memberCount;
        let done = 0;
        for (let offset = 0; ; offset += PAGE) {
          const { rows } = await findClassMembers(ctx.db, ctx.keys.idCards, cls.id, {
            offset,
            limit: PAGE,
            secondsPerClassHour: ctx.config.study.secondsPerClassHour,
          });
          for (const m of rows) {
            if (signal.aborted) throw signal.reason;
            const { pdf } = await buildPersonArchive(ctx, p.orgId, m.person_id, settleExams);
            await add(`一人一档/${safeFileName(m.name)}-${m.person_id.slice(0, 8)}.pdf`, pdf);
            done += 1;
            progress(Math.floor((done / Math.max(1, total)) * 90));
          }
          if (rows.length < PAGE) break;
        }
        const query = { classId: cls.id, full: false } as const;
        await add('报表/班级学习情况.xlsx', await bytesOf(classStudySheet(ctx, cls.id, query, {}, undefined)));
        await add('报表/学习明细.xlsx', await bytesOf(classUnitsSheet(ctx, cls.id, query, {}, undefined)));
        await addStream('报表/学习轨迹.xlsx', classTrailBook(ctx, cls.id, query, {}, undefined));
        await add(
          '报表/部门汇总.xlsx',
          await bytesOf(departmentsSheet(await departmentSummary(ctx, { orgId: p.orgId }, { classId: cls.id }))),
        );
        for (const part of parts) await part(ctx, { classId: cls.id, orgId: p.orgId, signal }, add);
        progress(95);
        zip.append(JSON.stringify({ class: cls.name, producedAt: recordTime(ctx.now()), files: manifest }, null, 2), {
          name: 'manifest.json',
          date,
        });
        await zip.finalize();
        await closed;
        // hashed as it is read back, never held whole in memory
        const hash = crypto.createHash('sha256');
        for await (const chunk of fs.createReadStream(zipFile)) hash.update(chunk as Buffer);
        const { size } = await fsp.stat(zipFile);
        const key = `archives/class-${cls.id}-${job.id}.zip`;
        const result: ClassArchiveResult = { key, bytes: size, sha256: hash.digest('hex'), files: manifest.length + 1 };
        await ctx.files.moveIn(key, zipFile);
        progress(100);
        return async () => result;
      } catch (err) {
        // no zip half-written and no file left open when a part fails or the job is cancelled
        zip.abort();
        out.destroy();
        throw err;
      } finally {
        await fsp.rm(work, { recursive: true, force: true });
      }
    },
  };
}
