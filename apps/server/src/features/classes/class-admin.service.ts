import { countValidCertificatesOfClasses } from '../../core/certificate-withdrawal.js';
import crypto from 'node:crypto';
import { WsCode } from '@anxun/shared/constants';
import { ErrorCode } from '@anxun/shared/errors';
import { isIdCard, isSmsMobile } from '@anxun/shared/validators';
import type {
  ClassRules,
  EnrolSheetResult,
  CreateClassBody,
  ManagedClass,
  UpdateClassBody,
  classListQuery,
  enrolBody,
  memberQuery,
} from '@anxun/shared/schemas/classes';
import type { z } from 'zod';
import { creditSeconds } from '../../core/credit-figures.js';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../core/audit.js';
import { maskedIdCard } from '../../core/id-cards.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../core/db-errors.js';
import {
  departmentNameOf,
  departmentPathsOfOrg,
  findDepartmentsOfOrg,
  withSubDepartments,
} from '../../core/department.repository.js';
import { decideClassCompletion } from '../../core/class-completion.js';
import { lockPersonRows } from '../../core/person.repository.js';
import { addCourseRecordsForMembers, enrolPersons, removeMembership } from '../../core/training-records.repository.js';
import { dayStart, recordTime, recordTimeOrNull } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import type { Db, Dialect } from '../../infra/database.js';
import { parseClassRules } from '../../core/class-rules.js';
import type { EnrolSheetRow } from './enrol-sheet.js';
import { classPhase } from './class-phase.js';
import {
  countMembers,
  courseHasActivity,
  deleteClassCourses,
  findBooksForOrg,
  findClassCourses,
  findClassOfOrg,
  findClassesOfOrg,
  findEnrollableLearners,
  findLearnersByIdentity,
  findMemberIds,
  findMembers,
  insertClass,
  insertClassCourses,
  lockClassOfOrg,
  findMembersWithActivity,
  memberHasActivity,
  setCourseOrder,
  updateClassRow,
  type ClassRow,
} from './class-admin.repository.js';
import { namedErrors } from '../../infra/xlsx.js';

const notFound = () => new AppError(ErrorCode.NOT_FOUND, '班级不存在');
/** How many of those enrolled at once 操作日志 names. */
const AUDIT_NAMES = 100;

/**
 * A write that a record elsewhere may stop (a playback or a check still pointing at a course)
 * or that may race another (two enrolments at once): a clear 409, not a 500.
 */
async function guarded(ctx: AppContext, conflict: string, work: (trx: Db) => Promise<void>): Promise<void> {
  try {
    await ctx.db.transaction().execute(work);
  } catch (err) {
    if (isForeignKeyViolation(err) || isUniqueViolation(err)) throw new AppError(ErrorCode.DUPLICATE, conflict);
    throw err;
  }
}
const round2 = (n: number) => Math.round(n * 100) / 100;

/** 'YYYY-MM-DD' of the organisation's day ↔ the start of that day in the study time zone. */
const dayToMs = (day: string | null | undefined) => (day ? dayStart(day) : null);
const msToDay = (ms: number | null) => (ms === null ? null : recordTime(ms).slice(0, 10));

const rulesOf = (json: string): ClassRules => parseClassRules(json);

async function toManaged(db: Db, rows: ClassRow[], now: number): Promise<ManagedClass[]> {
  const ids = rows.map((r) => r.id);
  const [courses, members, certificates] = await Promise.all([
    findClassCourses(db, ids),
    countMembers(db, ids),
    countValidCertificatesOfClasses(db, ids),
  ]);
  const today = recordTime(now).slice(0, 10);
  return rows.map((r) => {
    const mine = courses.filter((c) => c.class_id === r.id);
    const dates = {
      startDate: msToDay(r.start_date),
      endDate: msToDay(r.end_date),
      status: r.closed_at === null || r.closed_at === undefined ? ('open' as const) : ('closed' as const),
    };
    return {
      id: r.id,
      name: r.name,
      teacher: r.teacher,
      ...dates,
      phase: classPhase(dates, today),
      rules: rulesOf(r.rules),
      courses: mine.map((c) => ({
        trainClassCourseId: c.id,
        bookId: c.book_id,
        name: c.name,
        classHours: c.class_hours,
        unitCount: Number(c.unit_count ?? 0),
        questionCount: Number(c.question_count ?? 0),
      })),
      memberCount: members.get(r.id) ?? 0,
      certificateCount: certificates.get(r.id) ?? 0,
      requiredHours: round2(mine.reduce((s, c) => s + c.class_hours, 0)),
      retentionYears: r.retention_years ?? null,
    };
  });
}

async function ownClass(db: Db, user: AuthUser, id: string): Promise<ClassRow> {
  const row = await findClassOfOrg(db, user.orgId, id);
  if (!row) throw notFound();
  return row;
}

/**
 * The books of the list, each usable by this organisation (published, not retired), in the
 * list's order. A book the class already has stays usable for it even if it was retired or
 * taken back since: its members' records hang on it.
 */
async function booksInOrder(
  db: Db,
  dialect: Dialect,
  user: AuthUser,
  bookIds: string[],
  alreadyIn: ReadonlyArray<{ id: string; name: string; class_hours: number }> = [],
) {
  if (new Set(bookIds).size !== bookIds.length) throw new AppError(ErrorCode.BAD_REQUEST, '课程不能重复选择');
  const books = await findBooksForOrg(db, dialect, user.orgId, bookIds);
  const byId = new Map([...alreadyIn, ...books].map((b) => [b.id, b]));
  return bookIds.map((id) => {
    const book = byId.get(id);
    if (!book) throw new AppError(ErrorCode.NOT_FOUND, '课程不存在');
    return book;
  });
}

export async function listClasses(ctx: AppContext, user: AuthUser, query: z.output<typeof classListQuery>) {
  const { rows, total } = await findClassesOfOrg(ctx.db, user.orgId, {
    q: query.q,
    status: query.status,
    offset: (query.current - 1) * query.size,
    limit: query.size,
  });
  return { records: await toManaged(ctx.db, rows, ctx.now()), total };
}

export async function getClass(ctx: AppContext, user: AuthUser, id: string): Promise<ManagedClass> {
  return (await toManaged(ctx.db, [await ownClass(ctx.db, user, id)], ctx.now()))[0]!;
}

/** 创建班级: name, period, teacher, ordered courses and the rules its learners study by. */
export async function createClass(ctx: AppContext, user: AuthUser, body: CreateClassBody, ip: string) {
  const now = ctx.now();
  const id = crypto.randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    const books = await booksInOrder(trx, ctx.dialect, user, body.bookIds);
    await insertClass(trx, {
      id,
      org_id: user.orgId,
      name: body.name,
      teacher: body.teacher ?? '',
      start_date: dayToMs(body.startDate),
      end_date: dayToMs(body.endDate),
      rules: JSON.stringify(body.rules),
      retention_years: body.retentionYears ?? null,
      created_at: now,
      updated_at: now,
    });
    await insertClassCourses(
      trx,
      books.map((b, i) => ({
        id: crypto.randomUUID(),
        class_id: id,
        book_id: b.id,
        sort_order: i + 1,
        class_hours: b.class_hours,
        created_at: now,
      })),
    );
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'class.create',
      targetType: 'class',
      targetId: id,
      summary: { after: { name: body.name, courses: books.map((b) => b.name), rules: body.rules } },
      now,
    });
  });
  return getClass(ctx, user, id);
}

/**
 * 编辑班级. The course list may change at any time: a course added to a class with members
 * gives each member its records; a course may leave only while nobody has studied or been
 * examined in it (records of study are never deleted).
 */
export async function updateClass(ctx: AppContext, user: AuthUser, id: string, body: UpdateClassBody, ip: string) {
  const now = ctx.now();
  let queued = false;
  await guarded(ctx, '已有学员学习或考试的课程不能移出班级', async (trx) => {
    // the row lock first: two edits of one class read its course list one after the other
    const current = await lockClassOfOrg(trx, ctx.dialect, user.orgId, id);
    if (!current) throw notFound();
    const before = (await toManaged(trx, [current], ctx.now()))[0]!;
    // an edit that decides its learners' courses again (below) takes their locks first, before
    // any of their records is read or a course's records deleted: the study batch and the exams
    // write those records under the same locks, in the same order
    const examDropped = before.rules.exam.required && body.rules?.exam.required === false;
    // face checks switched off: the checks still owed hold no certificate any more
    const checksDropped = before.rules.faceCheck.enabled && body.rules?.faceCheck.enabled === false;
    const removing = body.bookIds !== undefined && before.courses.some((c) => !body.bookIds!.includes(c.bookId));
    if (examDropped || checksDropped || removing) {
      await lockPersonRows(
        trx,
        ctx.dialect,
        (await findMemberIds(trx, id)).map((m) => m.person_id),
      );
    }
    // the dates as they will stand: one date changed alone may not cross the other
    const start = body.startDate !== undefined ? body.startDate : before.startDate;
    const end = body.endDate !== undefined ? body.endDate : before.endDate;
    if (start && end && start > end) throw new AppError(ErrorCode.BAD_REQUEST, '结束日期不能早于开始日期');
    await updateClassRow(trx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.teacher !== undefined ? { teacher: body.teacher } : {}),
      ...(body.startDate !== undefined ? { start_date: dayToMs(body.startDate) } : {}),
      ...(body.endDate !== undefined ? { end_date: dayToMs(body.endDate) } : {}),
      // rules sent without afterStudy or beforeExam (an older client) keep the class's own
      ...(body.rules !== undefined
        ? {
            rules: JSON.stringify({
              ...body.rules,
              faceCheck: {
                ...body.rules.faceCheck,
                beforeExam: body.rules.faceCheck.beforeExam ?? before.rules.faceCheck.beforeExam ?? false,
              },
              exam: { ...body.rules.exam, afterStudy: body.rules.exam.afterStudy ?? before.rules.exam.afterStudy },
            }),
          }
        : {}),
      ...(body.retentionYears !== undefined ? { retention_years: body.retentionYears } : {}),
      updated_at: now,
    });
    let removedCourses = 0;
    if (body.bookIds) {
      const books = await booksInOrder(
        trx,
        ctx.dialect,
        user,
        body.bookIds,
        before.courses.map((c) => ({ id: c.bookId, name: c.name, class_hours: c.classHours })),
      );
      const kept = new Map(before.courses.map((c) => [c.bookId, c.trainClassCourseId]));
      const removed = before.courses.filter((c) => !body.bookIds!.includes(c.bookId)).map((c) => c.trainClassCourseId);
      if (await courseHasActivity(trx, removed)) {
        throw new AppError(ErrorCode.DUPLICATE, '已有学员学习或考试的课程不能移出班级');
      }
      await deleteClassCourses(trx, removed);
      removedCourses = removed.length;
      const added = books
        .filter((b) => !kept.has(b.id))
        .map((b) => ({
          id: crypto.randomUUID(),
          class_id: id,
          book_id: b.id,
          sort_order: 0,
          class_hours: b.class_hours,
          created_at: now,
        }));
      await insertClassCourses(trx, added);
      await addCourseRecordsForMembers(
        trx,
        (await findMemberIds(trx, id)).map((m) => m.id),
        added.map((a) => ({ id: a.id, book_id: a.book_id })),
      );
      const idOf = new Map([...kept, ...added.map((a) => [a.book_id, a.id] as const)]);
      for (const [i, b] of books.entries()) await setCourseOrder(trx, idOf.get(b.id)!, i + 1);
    }
    // its learners' courses under the class as it now stands: an exam no longer required, a
    // course not begun taken out, may leave a course or the whole class complete
    const decided =
      examDropped || checksDropped || removedCourses > 0
        ? await decideClassCompletion(trx, ctx.dialect, {
            classId: id,
            secondsPerClassHour: ctx.config.study.secondsPerClassHour,
            now,
            everyMember: removedCourses > 0 || checksDropped,
          })
        : undefined;
    queued = (decided?.certificatesQueued ?? 0) > 0;
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'class.update',
      targetType: 'class',
      targetId: id,
      summary: {
        before: {
          name: before.name,
          teacher: before.teacher,
          startDate: before.startDate,
          endDate: before.endDate,
          courses: before.courses.map((c) => c.name),
          rules: before.rules,
          retentionYears: before.retentionYears,
        },
        after: { ...body, ...(decided?.completedCourses ? { coursesCompleted: decided.completedCourses } : {}) },
      },
      now,
    });
  });
  if (queued) ctx.jobs.kick();
  return getClass(ctx, user, id);
}

/** 结课 / reopen: a closed class takes no one new; its records and certificates stay. */
export async function setClassClosed(ctx: AppContext, user: AuthUser, id: string, closed: boolean, ip: string) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const current = await lockClassOfOrg(trx, ctx.dialect, user.orgId, id);
    if (!current) throw notFound();
    await updateClassRow(trx, id, { closed_at: closed ? (current.closed_at ?? now) : null, updated_at: now });
    await recordAudit(trx, {
      actor: user,
      ip,
      action: closed ? 'class.close' : 'class.reopen',
      targetType: 'class',
      targetId: id,
      summary: { before: { closed: current.closed_at !== null }, after: { closed } },
      now,
    });
  });
  return getClass(ctx, user, id);
}

/**
 * 报名: whole departments (with their sub-departments if asked) and single learners of the
 * organisation; someone already in the class is no error. Disabled accounts are left out.
 * Each learner enrolled hears it at once (realtime), so their 我的学习 shows the class.
 */
export async function enrol(ctx: AppContext, user: AuthUser, id: string, body: z.output<typeof enrolBody>, ip: string) {
  const now = ctx.now();
  const cls = await ownClass(ctx.db, user, id);
  if (cls.closed_at !== null && cls.closed_at !== undefined) {
    throw new AppError(ErrorCode.DUPLICATE, '班级已结课，不能再加入学员');
  }
  let departmentIds: string[] | undefined;
  if (body.departmentIds?.length) {
    const all = await findDepartmentsOfOrg(ctx.db, user.orgId);
    const known = new Set(all.map((d) => d.id));
    if (body.departmentIds.some((d) => !known.has(d))) throw new AppError(ErrorCode.NOT_FOUND, '部门不存在');
    departmentIds = body.includeSub ? withSubDepartments(all, body.departmentIds) : [...new Set(body.departmentIds)];
  }
  const found = await findEnrollableLearners(ctx.db, user.orgId, { personIds: body.personIds, departmentIds });
  // the disabled and those awaiting approval are not enrolled: counted (those not in the class
  // already), so the manager is told
  const learners = found.filter((l) => l.disabled_at === null && l.pending_since === null);
  const inactive = found.filter((l) => !learners.includes(l));
  const members = inactive.length ? new Set((await findMemberIds(ctx.db, id)).map((m) => m.person_id)) : undefined;
  const skipped = inactive.filter((l) => !members?.has(l.id)).length;
  if (body.personIds?.some((p) => !learners.some((l) => l.id === p))) {
    throw new AppError(ErrorCode.NOT_FOUND, '学员不存在或已停用');
  }
  const enrolled: string[] = [];
  await guarded(ctx, '有学员正在同时加入，请重试', async (trx) => {
    // closed meanwhile? the row lock makes a close and this enrolment take turns
    const locked = await lockClassOfOrg(trx, ctx.dialect, user.orgId, id);
    if (!locked) throw notFound();
    if (locked.closed_at !== null && locked.closed_at !== undefined) {
      throw new AppError(ErrorCode.DUPLICATE, '班级已结课，不能再加入学员');
    }
    enrolled.push(
      ...(await enrolPersons(
        trx,
        id,
        learners.map((l) => l.id),
        now,
      )),
    );
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'class.enrol',
      targetType: 'class',
      targetId: id,
      summary: {
        after: {
          departmentIds: body.departmentIds ?? [],
          includeSub: Boolean(body.includeSub),
          // who was enrolled, named in 操作日志 (a whole department's first AUDIT_NAMES; the
          // class's members list has everyone with the time he joined)
          personIds: enrolled.slice(0, AUDIT_NAMES),
          enrolled: enrolled.length,
        },
      },
      now,
    });
  });
  for (const personId of enrolled) {
    await ctx.bus
      .publish({
        type: 'person.message',
        personId,
        message: { code: WsCode.ENROLLED, data: { trainClassId: id, className: cls.name } },
      })
      .catch(() => undefined);
  }
  return { enrolled: enrolled.length, already: learners.length - enrolled.length, skipped };
}

/**
 * 报名 from a list: each row names a learner of the organisation by ID number or phone. All
 * or nothing: a row that finds nobody (or someone disabled or waiting for approval) is named
 * by its spreadsheet row and nobody is enrolled; otherwise as `enrol` with those learners.
 */
export async function enrolFromSheet(
  ctx: AppContext,
  user: AuthUser,
  id: string,
  rows: EnrolSheetRow[],
  ip: string,
): Promise<EnrolSheetResult> {
  await ownClass(ctx.db, user, id);
  if (rows.length === 0) throw new AppError(ErrorCode.BAD_REQUEST, '名单中没有学员');
  const ids = ctx.keys.idCards;
  const found = await findLearnersByIdentity(ctx.db, user.orgId, {
    idCardIndexes: rows.filter((r) => r.idCard).map((r) => ids.index(r.idCard)),
    phones: rows.map((r) => r.phone).filter(Boolean),
  });
  const byIdCard = new Map(found.filter((p) => p.id_card_index).map((p) => [p.id_card_index!, p]));
  const byPhone = new Map(found.filter((p) => p.phone).map((p) => [p.phone!, p]));
  const errors: EnrolSheetResult['errors'] = [];
  const personIds = new Set<string>();
  for (const r of rows) {
    const field = r.idCard ? '身份证号' : '手机号';
    if (!r.idCard && !r.phone) {
      errors.push({ row: r.row, field: '身份证号', msg: '请填写身份证号或手机号' });
      continue;
    }
    // a number that cannot be anyone's is said to be wrong, not looked for
    if (r.idCard && !isIdCard(r.idCard)) {
      errors.push({ row: r.row, field: '身份证号', msg: '身份证号不正确（18位，校验位须正确）' });
      continue;
    }
    if (!r.idCard && !isSmsMobile(r.phone)) {
      errors.push({ row: r.row, field: '手机号', msg: '手机号不正确' });
      continue;
    }
    const person = r.idCard ? byIdCard.get(ids.index(r.idCard)) : byPhone.get(r.phone);
    if (!person) {
      errors.push({ row: r.row, field, msg: '本单位没有这名学员' });
    } else if (r.idCard && r.phone && byPhone.has(r.phone) && byPhone.get(r.phone)!.id !== person.id) {
      // the ID number finds him; a phone of his own that changed since the list was made is
      // no reason to refuse him, another learner's phone is a row mixing two people
      errors.push({ row: r.row, field: '手机号', msg: '手机号与身份证号不是同一名学员' });
    } else if (r.name && r.name !== person.name) {
      errors.push({ row: r.row, field: '姓名', msg: `姓名与系统中的“${person.name}”不一致` });
    } else if (person.disabled_at !== null) {
      errors.push({ row: r.row, field, msg: '该学员已停用' });
    } else if (person.pending_since !== null) {
      errors.push({ row: r.row, field, msg: '该学员的注册尚未审核' });
    } else {
      personIds.add(person.id);
    }
  }
  if (errors.length > 0) {
    const names = new Map(rows.map((r) => [r.row, r.name]));
    return { enrolled: 0, already: 0, skipped: 0, errors: namedErrors(errors, names) };
  }
  return { ...(await enrol(ctx, user, id, { personIds: [...personIds] }, ip)), errors: [] };
}

export async function listMembers(ctx: AppContext, user: AuthUser, id: string, query: z.output<typeof memberQuery>) {
  await ownClass(ctx.db, user, id);
  const [{ rows, total }, paths] = await Promise.all([
    findMembers(ctx.db, ctx.keys.idCards, id, {
      q: query.q,
      offset: (query.current - 1) * query.size,
      limit: query.size,
    }),
    departmentPathsOfOrg(ctx.db, user.orgId),
  ]);
  const active = await findMembersWithActivity(
    ctx.db,
    rows.map((r) => r.train_person_id),
  );
  return {
    records: rows.map((r) => ({
      trainPersonId: r.train_person_id,
      personId: r.person_id,
      removable: !active.has(r.train_person_id),
      name: r.name,
      idCard: maskedIdCard(ctx.keys.idCards, r.person_id, r.id_card_enc),
      departmentName: departmentNameOf(paths, r.department_id, r.department_name),
      joinedAt: recordTime(r.joined_at),
      coursesDone: Number(r.courses_done ?? 0),
      courseCount: Number(r.course_count ?? 0),
      studiedSeconds: creditSeconds(r.studied_seconds),
      lastStudyAt: recordTimeOrNull(
        r.last_study_at === null || r.last_study_at === undefined ? null : Number(r.last_study_at),
      ),
    })),
    total,
  };
}

/** 移出班级: only a member with nothing on record (records of study are never deleted). */
export async function removeMember(ctx: AppContext, user: AuthUser, id: string, trainPersonId: string, ip: string) {
  const now = ctx.now();
  await guarded(ctx, '该学员已有学习、核验或考试记录，不能移出班级', async (trx) => {
    await ownClass(trx, user, id);
    const member = (await findMemberIds(trx, id)).find((m) => m.id === trainPersonId);
    if (!member) throw new AppError(ErrorCode.NOT_FOUND, '班级中没有这名学员');
    if (await memberHasActivity(trx, trainPersonId)) {
      throw new AppError(ErrorCode.DUPLICATE, '该学员已有学习、核验或考试记录，不能移出班级');
    }
    await removeMembership(trx, trainPersonId);
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'class.remove-member',
      targetType: 'class',
      targetId: id,
      summary: { before: { personId: member.person_id } },
      now,
    });
  });
}
