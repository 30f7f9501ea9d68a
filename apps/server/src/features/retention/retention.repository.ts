import type { Db } from '../../infra/database.js';

/** The organisation's face-check photos: held, and purged after their retention. */
export async function countPhotosOfOrg(db: Db, orgId: string) {
  const row = await db
    .selectFrom('face_attempts as a')
    .innerJoin('persons as p', 'p.id', 'a.person_id')
    .select((eb) => [
      eb.fn.count<number>('a.photo_key').as('kept'),
      eb.fn.count<number>('a.photo_purged_at').as('purged'),
    ])
    .where('p.org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return { kept: Number(row.kept), purged: Number(row.purged) };
}
