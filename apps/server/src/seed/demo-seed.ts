import crypto from 'node:crypto';
import { idCardColumns } from '../core/id-cards.js';
import { Role } from '@anxun/shared/constants';
import type { AppContext } from '../app-context.js';
import { hashPassword } from '../infra/crypto.js';
import { DEMO_ADMIN, DEMO_LEARNER, DEMO_OPERATOR, DEMO_ORG } from './demo-accounts.js';

/**
 * Seeds the demo organisation and accounts when the database has no organisation yet.
 * Returns true when it seeded. Two nodes starting together on one PostgreSQL may race:
 * the loser's insert fails on the unique org code and it simply does not seed.
 */
export async function seedDemoData(ctx: AppContext): Promise<boolean> {
  const existing = await ctx.db.selectFrom('organisations').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const now = ctx.now();
  const orgId = crypto.randomUUID();
  const people = await Promise.all(
    [
      { ...DEMO_LEARNER, role: Role.LEARNER },
      { ...DEMO_ADMIN, role: Role.ADMIN },
      { ...DEMO_OPERATOR, role: Role.SUPER },
    ].map(async (p, _, __, id = crypto.randomUUID()) => ({
      id,
      org_id: orgId,
      role: p.role,
      account: p.account,
      name: p.name,
      ...idCardColumns(ctx.keys.idCards, id, p.idCard),
      phone: p.phone,
      password_hash: await hashPassword(p.password),
      avatar_file_id: null,
      failed_logins: 0,
      locked_until: null,
      created_at: now,
      updated_at: now,
    })),
  );
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('organisations')
        .values({ id: orgId, ...DEMO_ORG, logo_file_id: null, created_at: now })
        .execute();
      await trx.insertInto('persons').values(people).execute();
      await trx
        .insertInto('notices')
        .values(
          people.map((p) => ({
            id: crypto.randomUUID(),
            person_id: p.id,
            kind: 'notice',
            title: '欢迎使用安训',
            content: '欢迎来到安训在线安全生产培训系统。请在“我的学习”中开始您的课程。',
            image: null,
            created_at: now,
            cleared_at: null,
          })),
        )
        .execute();
    });
  } catch (err) {
    if (/unique|duplicate/i.test(String((err as Error).message))) return false;
    throw err;
  }
  return true;
}
