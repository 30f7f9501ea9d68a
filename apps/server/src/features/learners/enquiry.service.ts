import { ErrorCode } from '@anxun/shared/errors';
import type { Enquiry, enquiryLearnerBody, enquiryQuery, updateEnquiryBody } from '@anxun/shared/schemas/learners';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../core/audit.js';
import {
  findEnquiriesOfOrg,
  findEnquiryOfOrg,
  linkEnquiryLearner,
  updateEnquiry,
} from '../../core/enquiry.repository.js';
import { recordTime } from '../../core/record-time.js';
import type { AuthUser } from '../../core/session.service.js';
import { AppError } from '../../http/app-error.js';
import { createLearner } from './learner.service.js';

type Row = NonNullable<Awaited<ReturnType<typeof findEnquiryOfOrg>>>;
const toEnquiry = (r: Row): Enquiry => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  orgName: r.org_name,
  courseName: r.course_name,
  note: r.note,
  status: r.status as Enquiry['status'],
  followUp: r.follow_up,
  personId: r.person_id,
  createdAt: recordTime(r.created_at),
});

export async function listEnquiries(ctx: AppContext, user: AuthUser, query: z.output<typeof enquiryQuery>) {
  const { rows, total } = await findEnquiriesOfOrg(ctx.db, user.orgId, {
    status: query.status,
    q: query.q,
    offset: (query.current - 1) * query.size,
    limit: query.size,
  });
  return { records: rows.map(toEnquiry), total };
}

async function ownEnquiry(ctx: AppContext, user: AuthUser, id: string) {
  const row = await findEnquiryOfOrg(ctx.db, user.orgId, id);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '咨询记录不存在');
  return row;
}

export async function followUpEnquiry(
  ctx: AppContext,
  user: AuthUser,
  id: string,
  body: z.output<typeof updateEnquiryBody>,
  ip: string,
) {
  const now = ctx.now();
  const current = await ownEnquiry(ctx, user, id);
  await ctx.db.transaction().execute(async (trx) => {
    await updateEnquiry(trx, id, {
      ...(body.status ? { status: body.status } : {}),
      ...(body.followUp !== undefined ? { follow_up: body.followUp } : {}),
      updated_at: now,
    });
    await recordAudit(trx, {
      actor: user,
      ip,
      action: 'enquiry.update',
      targetType: 'enquiry',
      targetId: id,
      summary: { before: { status: current.status, followUp: current.follow_up }, after: { ...body } },
      now,
    });
  });
  return toEnquiry((await ownEnquiry(ctx, user, id)) as Row);
}

/** One click from an enquiry to a learner: its name and phone, the ID number the manager adds. */
export async function learnerFromEnquiry(
  ctx: AppContext,
  user: AuthUser,
  id: string,
  body: z.output<typeof enquiryLearnerBody>,
  ip: string,
) {
  const current = await ownEnquiry(ctx, user, id);
  if (current.person_id) throw new AppError(ErrorCode.DUPLICATE, '已为这条咨询创建过学员');
  const made = await createLearner(
    ctx,
    user,
    {
      name: current.name,
      idCard: body.idCard,
      phone: current.phone,
      departmentId: body.departmentId ?? null,
      ...(body.password ? { password: body.password } : {}),
    },
    ip,
  );
  // linked once: a second request at the same moment finds it taken (its learner, same ID number, was refused)
  if (!(await linkEnquiryLearner(ctx.db, id, made.learner.id, ctx.now()))) {
    throw new AppError(ErrorCode.DUPLICATE, '已为这条咨询创建过学员');
  }
  return { ...made, enquiry: toEnquiry((await ownEnquiry(ctx, user, id)) as Row) };
}
