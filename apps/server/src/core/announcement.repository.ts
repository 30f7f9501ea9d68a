import type { ExpressionBuilder, Insertable, Updateable } from 'kysely';
import type { Db } from '../infra/database.js';
import type { AnnouncementsTable, Database } from '../infra/db-schema.js';

/**
 * 通知公告 (announcements, announcement_clears): a training manager writes them for the
 * organisation or one class; learners read those meant for them. This module is the tables'
 * one owner: the console writes through it, the shell's notice list reads through it.
 */

export async function insertAnnouncement(db: Db, row: Insertable<AnnouncementsTable>): Promise<void> {
  await db.insertInto('announcements').values(row).execute();
}

export async function updateAnnouncement(db: Db, id: string, values: Updateable<AnnouncementsTable>): Promise<void> {
  await db.updateTable('announcements').set(values).where('id', '=', id).execute();
}

export async function findAnnouncementOfOrg(db: Db, orgId: string, id: string) {
  return db
    .selectFrom('announcements as a')
    .leftJoin('train_classes as c', 'c.id', 'a.class_id')
    .selectAll('a')
    .select('c.name as class_name')
    .where('a.org_id', '=', orgId)
    .where('a.id', '=', id)
    .executeTakeFirst();
}

export async function findAnnouncementsOfOrg(
  db: Db,
  orgId: string,
  filter: {
    status?: 'published' | 'withdrawn' | undefined;
    classId?: string | undefined;
    offset: number;
    limit: number;
  },
) {
  let q = db.selectFrom('announcements as a').where('a.org_id', '=', orgId);
  if (filter.status === 'published') q = q.where('a.withdrawn_at', 'is', null);
  if (filter.status === 'withdrawn') q = q.where('a.withdrawn_at', 'is not', null);
  if (filter.classId) q = q.where('a.class_id', '=', filter.classId);
  const [rows, count] = await Promise.all([
    q
      .leftJoin('train_classes as c', 'c.id', 'a.class_id')
      .selectAll('a')
      .select('c.name as class_name')
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

type Reader = { personId: string; orgId: string };

/** Published, meant for the reader (the organisation, or a class he is in), not cleared by him. */
function forReader(reader: Reader) {
  return (eb: ExpressionBuilder<Database, 'announcements'>) =>
    eb.and([
      eb('announcements.org_id', '=', reader.orgId),
      eb('announcements.withdrawn_at', 'is', null),
      eb.or([
        eb('announcements.class_id', 'is', null),
        eb(
          'announcements.class_id',
          'in',
          eb
            .selectFrom('train_persons')
            .select('train_persons.class_id')
            .where('train_persons.person_id', '=', reader.personId),
        ),
      ]),
      eb.not(
        eb.exists(
          eb
            .selectFrom('announcement_clears')
            .select('announcement_clears.announcement_id')
            .whereRef('announcement_clears.announcement_id', '=', 'announcements.id')
            .where('announcement_clears.person_id', '=', reader.personId),
        ),
      ),
    ]);
}

export async function findAnnouncementsFor(db: Db, reader: Reader, limit: number) {
  return db
    .selectFrom('announcements')
    .select(['id', 'title', 'content', 'created_at', 'updated_at'])
    .where(forReader(reader))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function countAnnouncementsFor(db: Db, reader: Reader): Promise<number> {
  const row = await db
    .selectFrom('announcements')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(forReader(reader))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** 清空消息: every announcement the reader sees now is cleared for him (and only him). */
export async function clearAnnouncementsFor(db: Db, reader: Reader, now: number): Promise<void> {
  await db
    .insertInto('announcement_clears')
    .columns(['announcement_id', 'person_id', 'cleared_at'])
    .expression((eb) =>
      eb
        .selectFrom('announcements')
        .select((s) => [
          'announcements.id',
          // typed casts: PostgreSQL reads an untyped parameter in a select list as text
          s.cast<string>(s.val(reader.personId), 'text').as('person_id'),
          s.cast<number>(s.val(now), 'bigint').as('cleared_at'),
        ])
        .where(forReader(reader)),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The class an announcement is meant for, when it is the organisation's own. */
export async function findClassNameOfOrg(db: Db, orgId: string, classId: string) {
  return db
    .selectFrom('train_classes')
    .select(['id', 'name'])
    .where('org_id', '=', orgId)
    .where('id', '=', classId)
    .executeTakeFirst();
}
