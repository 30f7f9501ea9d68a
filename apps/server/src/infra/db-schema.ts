import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Times are epoch milliseconds in BIGINT columns so SQLite and
 * PostgreSQL store and compare them the same way; booleans are 0/1 integers for the same
 * reason. Ids are text (random UUIDs), created by the server, never by the database.
 */
export interface OrganisationsTable {
  id: string;
  code: string;
  name: string;
  logo_file_id: string | null;
  created_at: number;
  footer_copyright: Generated<string>;
  footer_address: Generated<string>;
  footer_phone: Generated<string>;
  icp_record: Generated<string>;
  police_record: Generated<string>;
}

export interface PersonsTable {
  id: string;
  org_id: string;
  role: string;
  account: string | null;
  name: string;
  id_card: string | null;
  phone: string | null;
  password_hash: string;
  avatar_file_id: string | null;
  failed_logins: number;
  locked_until: number | null;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: string;
  person_id: string;
  access_token_hash: string;
  refresh_token_hash: string;
  client: string;
  user_agent: string | null;
  ip: string | null;
  created_at: number;
  last_seen_at: number;
  access_expires_at: number;
  refresh_expires_at: number;
  revoked_at: number | null;
  /** 'logout' | 'replaced' | 'refresh-reuse' */
  revoked_reason: string | null;
}

export interface CheckCodesTable {
  id: string;
  phone: string;
  purpose: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  used_at: number | null;
}

export interface FilesTable {
  id: string;
  owner_id: string | null;
  otc_id: string;
  otc_type: string;
  file_name: string;
  content_type: string;
  size: number;
  storage_key: string;
  created_at: number;
}

export interface NoticesTable {
  id: string;
  person_id: string;
  kind: string;
  title: string;
  content: string;
  image: string | null;
  created_at: number;
  cleared_at: number | null;
}

export interface Database {
  organisations: OrganisationsTable;
  persons: PersonsTable;
  sessions: SessionsTable;
  check_codes: CheckCodesTable;
  files: FilesTable;
  notices: NoticesTable;
}
