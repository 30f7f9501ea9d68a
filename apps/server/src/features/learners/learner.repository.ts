import { personTextMatch } from '../../core/person-search.js';
import type { Db } from '../../infra/database.js';
import { accountLower, type IdCardIndex } from '../../core/person.repository.js';

const learnerColumns = [
  'p.id',
  'p.name',
  'p.account',
  'p.phone',
  'p.id_card_enc',
  'p.department_id',
  'd.name as department_name',
  'p.post',
  'p.disabled_at',
  'p.locked_until',
  'p.pending_since',
  'p.created_at',
] as const;

/** One learner of the organisation (anyone else reads as absent). */
export async function findLearnerOfOrg(db: Db, orgId: string, id: string) {
  return db
    .selectFrom('persons as p')
    .leftJoin('departments as d', 'd.id', 'p.department_id')
    .select(learnerColumns)
    .where('p.org_id', '=', orgId)
    .where('p.role', '=', 'learner')
    .where('p.id', '=', id)
    .executeTakeFirst();
}
export type LearnerRow = NonNullable<Awaited<ReturnType<typeof findLearnerOfOrg>>>;

/** A page of the organisation's learners, newest first. */
export async function findLearnersOfOrg(
  db: Db,
  ids: IdCardIndex,
  orgId: string,
  filter: {
    departmentIds?: string[] | undefined;
    q?: string | undefined;
    status?: 'active' | 'disabled' | 'locked' | 'pending' | undefined;
    now: number;
    offset: number;
    limit: number;
  },
) {
  let q = db
    .selectFrom('persons as p')
    .leftJoin('departments as d', 'd.id', 'p.department_id')
    .where('p.org_id', '=', orgId)
    .where('p.role', '=', 'learner');
  if (filter.departmentIds) {
    if (filter.departmentIds.length === 0) return { rows: [], total: 0 };
    q = q.where('p.department_id', 'in', filter.departmentIds);
  }
  const text = filter.q?.trim();
  if (text) {
    q = q.where(personTextMatch(text, ids));
  }
  if (filter.status === 'pending') q = q.where('p.pending_since', 'is not', null);
  else if (filter.status) q = q.where('p.pending_since', 'is', null);
  if (filter.status === 'disabled') q = q.where('p.disabled_at', 'is not', null);
  if (filter.status === 'locked') q = q.where('p.disabled_at', 'is', null).where('p.locked_until', '>', filter.now);
  if (filter.status === 'active') {
    q = q
      .where('p.disabled_at', 'is', null)
      .where((eb) => eb.or([eb('p.locked_until', 'is', null), eb('p.locked_until', '<=', filter.now)]));
  }
  const [rows, count] = await Promise.all([
    q
      .select(learnerColumns)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * Persons holding any of these ID numbers (by blind index), phones or account names, in
 * chunks for long sheets. Any value is looked for in every column: an account name may be
 * someone's phone or ID number.
 */
export async function findPersonsByIdentity(
  db: Db,
  ids: IdCardIndex,
  values: { idCards: string[]; phones: string[]; accounts: string[] },
) {
  const all = [...new Set([...values.idCards, ...values.phones, ...values.accounts])];
  const found: Array<{
    id: string;
    org_id: string;
    role: string;
    id_card_index: string | null;
    phone: string | null;
    account: string | null;
    name: string;
    department_id: string | null;
    post: string | null;
  }> = [];
  for (let i = 0; i < all.length; i += 500) {
    const chunk = all.slice(i, i + 500);
    const indexes = chunk.map((v) => ids.index(v));
    const lower = chunk.map((v) => v.toLowerCase());
    found.push(
      ...(await db
        .selectFrom('persons')
        .select(['id', 'org_id', 'role', 'id_card_index', 'phone', 'account', 'name', 'department_id', 'post'])
        .where((eb) =>
          eb.or([eb('id_card_index', 'in', indexes), eb('phone', 'in', chunk), eb(accountLower, 'in', lower)]),
        )
        .execute()),
    );
  }
  return [...new Map(found.map((p) => [p.id, p])).values()];
}
