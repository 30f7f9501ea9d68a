import type { Selectable } from 'kysely';
import type { Db } from '../../infra/database.js';
import type { FilesTable } from '../../infra/db-schema.js';

export type FileRow = Selectable<FilesTable>;

export async function findFilesByOwnerObject(db: Db, otcId: string, otcType: string): Promise<FileRow[]> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('otc_id', '=', otcId)
    .where('otc_type', '=', otcType)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function findFileById(db: Db, id: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes the file's row and its references; `audit` records it in the same transaction, if it was there. */
export async function deleteFileRow(db: Db, id: string, audit?: (trx: Db) => Promise<void>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await deleteFileRowIn(trx, id)) await audit?.(trx);
  });
}

/** The file's row and every reference to it, inside the caller's transaction. */
/** Whether the row was there to delete (two deletes at once: one of them finds nothing). */
async function deleteFileRowIn(trx: Db, id: string): Promise<boolean> {
  await trx.updateTable('persons').set({ avatar_file_id: null }).where('avatar_file_id', '=', id).execute();
  await trx.updateTable('organisations').set({ logo_file_id: null }).where('logo_file_id', '=', id).execute();
  await trx.updateTable('course_books').set({ cover_file_id: null }).where('cover_file_id', '=', id).execute();
  await trx.updateTable('questions').set({ image_file_id: null }).where('image_file_id', '=', id).execute();
  const gone = await trx.deleteFrom('files').where('id', '=', id).executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

/**
 * Stores a new file and attaches it to its owner; with `replace`, the owner's earlier files of
 * that kind go (returned, for their bytes). Attaching first takes the owner's row lock, so
 * uploads racing for one owner run one after the other and the last one stays, alone.
 */
export async function storeFile(
  db: Db,
  row: FileRow,
  now: number,
  replace: boolean,
  /** written in the same transaction (the audit record of a logo or a cover) */
  also?: (trx: Db) => Promise<void>,
): Promise<FileRow[]> {
  return db.transaction().execute(async (trx) => {
    await attachFile(trx, row, now);
    await trx.insertInto('files').values(row).execute();
    await also?.(trx);
    if (!replace) return [];
    const earlier = (await findFilesByOwnerObject(trx, row.otc_id, row.otc_type)).filter((f) => f.id !== row.id);
    for (const old of earlier) await deleteFileRowIn(trx, old.id);
    return earlier;
  });
}

/** Points the person's avatar (the organisation's logo, the course book's cover) at a newly stored file. */
export async function attachFile(db: Db, file: FileRow, now: number): Promise<void> {
  if (file.otc_type === 'SysPhoto') {
    await db
      .updateTable('persons')
      .set({ avatar_file_id: file.id, updated_at: now })
      .where('id', '=', file.otc_id)
      .execute();
  } else if (file.otc_type === 'QuestionImage') {
    await db.updateTable('questions').set({ image_file_id: file.id }).where('id', '=', file.otc_id).execute();
  } else if (file.otc_type === 'CourseCover') {
    await db
      .updateTable('course_books')
      .set({ cover_file_id: file.id, updated_at: now })
      .where('id', '=', file.otc_id)
      .execute();
  } else if (file.otc_type === 'LogoFiles') {
    await db.updateTable('organisations').set({ logo_file_id: file.id }).where('id', '=', file.otc_id).execute();
  }
  // a CertificateSeal is named by the certificate template that uses it, when it is saved
}

/** The organisation whose book holds a live question (null: a platform book), for who may set its image. */
export async function findQuestionBookOrg(db: Db, questionId: string) {
  return db
    .selectFrom('questions as q')
    .innerJoin('course_books as b', 'b.id', 'q.book_id')
    .select('b.org_id')
    .where('q.id', '=', questionId)
    .where('q.retired_at', 'is', null)
    .executeTakeFirst();
}

/** The organisation a course book belongs to (null: a platform book), for who may set its cover. */
export async function findBookOrg(db: Db, bookId: string): Promise<{ org_id: string | null } | undefined> {
  return db.selectFrom('course_books').select('org_id').where('id', '=', bookId).executeTakeFirst();
}

/** Whether a certificate template (any version: issued certificates keep theirs) shows this seal. */
export async function isSealInUse(db: Db, fileId: string): Promise<boolean> {
  const row = await db
    .selectFrom('certificate_templates')
    .select('id')
    .where('seal_file_id', '=', fileId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
