import type { Insertable } from 'kysely';
import type { Db } from '../../infra/database.js';
import type { CertificateTemplatesTable } from '../../infra/db-schema.js';

/** 证书模板: versions of an organisation's template, one row per save; the newest is in force. */
export async function findCurrentTemplate(db: Db, orgId: string) {
  return db
    .selectFrom('certificate_templates')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findTemplate(db: Db, id: string) {
  return db.selectFrom('certificate_templates').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertTemplate(db: Db, row: Insertable<CertificateTemplatesTable>): Promise<void> {
  await db.insertInto('certificate_templates').values(row).execute();
}

/** An uploaded seal image of the organisation's. */
export async function findSealOfOrg(db: Db, orgId: string, fileId: string) {
  return db
    .selectFrom('files')
    .select(['id', 'storage_key', 'content_type'])
    .where('id', '=', fileId)
    .where('otc_type', '=', 'CertificateSeal')
    .where('otc_id', '=', orgId)
    .executeTakeFirst();
}
