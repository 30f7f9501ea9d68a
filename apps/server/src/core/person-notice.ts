import crypto from 'node:crypto';
import type { Db } from '../infra/database.js';

/**
 * A message to one person, in the header's notice list (notices, read by the shell feature):
 * what the platform did to his record and why — a manager voiding a face check took back
 * credit he saw on his pages.
 */
export async function notifyPerson(
  db: Db,
  notice: { personId: string; title: string; content: string; now: number },
): Promise<void> {
  await db
    .insertInto('notices')
    .values({
      id: crypto.randomUUID(),
      person_id: notice.personId,
      kind: 'notice',
      title: notice.title,
      content: notice.content,
      image: null,
      created_at: notice.now,
      cleared_at: null,
    })
    .execute();
}
