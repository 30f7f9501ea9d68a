import type { ColumnType, Generated } from 'kysely';

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
  /** 'open' | 'approval' (migration 0014) */
  registration_mode: Generated<string>;
  /** years training records and face photos are kept, at least (migration 0024) */
  retention_years: Generated<number>;
  /** who takes a learner's 本人照片: 'learner' | 'manager' (migration 0033) */
  reference_mode: Generated<string>;
  /** stopped by the platform operator: none of its people log in (migration 0039) */
  disabled_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** What the installation records about itself (migration 0028; infra/server-state.ts). */
export interface ServerStateTable {
  name: string;
  value: string;
}

export interface PersonsTable {
  id: string;
  org_id: string;
  role: string;
  account: string | null;
  name: string;
  /** the ID number sealed (AES-256-GCM, `keyId:` in front; infra/id-card-cipher.ts, migration 0028) */
  id_card_enc: string | null;
  /** HMAC of the ID number: login by ID number, imports and search look it up; unique */
  id_card_index: string | null;
  phone: string | null;
  password_hash: string;
  avatar_file_id: string | null;
  failed_logins: number;
  locked_until: number | null;
  created_at: number;
  updated_at: number;
  /** the department the person belongs to (migration 0009); optional on insert */
  department_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 岗位/工种 (migration 0010) */
  post: ColumnType<string | null, string | null | undefined, string | null>;
  /** set when a manager disabled the account: no login (migration 0010) */
  disabled_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** set while a registration waits for a manager's approval (migration 0014) */
  pending_since: ColumnType<number | null, number | null | undefined, number | null>;
  /** when someone else (a manager, the operator) set the password: its holder must choose his own (migration 0045) */
  temporary_password_at: ColumnType<number | null, number | null | undefined, number | null>;
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

/** A refresh token a session rotated away from (migration 0032): reuse detection. */
export interface SessionRefreshHistoryTable {
  refresh_token_hash: string;
  session_id: string;
  rotated_at: number;
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

export interface VodsTable {
  id: string;
  storage_key: string;
  content_type: string;
  size: number;
  duration_seconds: number;
  created_at: number;
  /** the poster image of a transcoded video (migration 0017) */
  poster_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** a document's pages (migration 0017); null for a video */
  page_count: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Durable background jobs (migration 0017), written by infra/job-queue.ts only. */
export interface JobsTable {
  id: string;
  org_id: string | null;
  kind: string;
  subject_id: string | null;
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  percent: Generated<number>;
  attempts: Generated<number>;
  locked_by: string | null;
  lease_until: number | null;
  error: string | null;
  result: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/** How a class course's exam paper is made (migration 0018), written by the exams feature. */
export interface ExamPapersTable {
  class_course_id: string;
  rules: string;
  updated_at: number;
  updated_by: string | null;
}

/** The platform's shared books an organisation added to its catalogue (migration 0019), written by the course-books feature. */
export interface OrgSharedBooksTable {
  org_id: string;
  book_id: string;
  added_at: number;
  added_by: string | null;
}

export interface CourseBooksTable {
  id: string;
  org_id: string | null;
  name: string;
  intro: Generated<string>;
  cover_file_id: string | null;
  /** JSON array of names */
  teachers: Generated<string>;
  class_hours: Generated<number>;
  popularity: Generated<number>;
  created_at: number;
  /** migration 0016: 'draft' | 'published', a category, retirement */
  status: Generated<string>;
  category: Generated<string>;
  updated_at: ColumnType<number | null, number | null | undefined, number | null>;
  retired_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CourseWarpsTable {
  id: string;
  book_id: string;
  sort_order: number;
  title: string;
  kind: Generated<string>;
  duration_seconds: number;
  vod_id: string | null;
  created_at: number;
}

export interface TrainClassesTable {
  id: string;
  org_id: string;
  name: string;
  teacher: Generated<string>;
  start_date: number | null;
  end_date: number | null;
  /** JSON study rules */
  rules: Generated<string>;
  created_at: number;
  /** closed by a manager: no more enrolment (migration 0011) */
  closed_at: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** the class's own retention in years; null: the organisation's (migration 0024) */
  retention_years: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface TrainClassCoursesTable {
  id: string;
  class_id: string;
  book_id: string;
  sort_order: number;
  class_hours: number;
  created_at: number;
}

export interface TrainPersonsTable {
  id: string;
  class_id: string;
  person_id: string;
  joined_at: number;
}

export interface TrainPersonCoursesTable {
  id: string;
  train_person_id: string;
  class_course_id: string;
  book_id: string;
  learn_status: Generated<number>;
  sys_score: number | null;
  sys_comments: string | null;
  studied_seconds: Generated<number>;
  start_time: number | null;
  last_learn_date: number | null;
  end_time: number | null;
  /** when the course's exam was passed (a class may require it) */
  exam_passed_at: number | null;
  /** attempts a manager allowed beyond the class's retakes (migration 0038) */
  extra_attempts: Generated<number>;
}

export interface TrainWarpCoursesTable {
  id: string;
  train_person_id: string;
  class_course_id: string;
  book_id: string;
  warp_id: string;
  learn_status: Generated<number>;
  study_length: Generated<number>;
  furthest_seconds: Generated<number>;
  last_position: Generated<number>;
  study_count: Generated<number>;
  sys_comments: string | null;
  start_time: number | null;
  last_learn_date: number | null;
  end_time: number | null;
}

export interface StudyPlaybacksTable {
  person_id: string;
  playback_id: string;
  warp_course_id: string;
  last_seq: number;
  last_report_at: number;
  /** the login session it plays in (null: from before migration 0008) */
  session_id: string | null;
  /** set by the playback's final report: it holds nothing any more */
  ended_at: number | null;
}

export interface DepartmentsTable {
  id: string;
  org_id: string;
  parent_id: string | null;
  name: string;
  sort_order: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface AuditLogTable {
  id: string;
  org_id: string;
  actor_id: string;
  ip: string | null;
  action: string;
  target_type: string;
  target_id: string;
  /** what the target was named when the record was written (null: unnamed, or written before 0041) */
  target_name: string | null;
  /** JSON {before?, after?}, values masked */
  summary: string;
  created_at: number;
}

export interface StudyStartsTable {
  playback_id: string;
  person_id: string;
  warp_course_id: string;
  created_at: number;
}

export interface StudyDaysTable {
  person_id: string;
  day: string;
  credited_seconds: Generated<number>;
}

export interface StudyEventsTable {
  id: string;
  person_id: string;
  warp_course_id: string;
  playback_id: string;
  seq: number;
  reported_position: number;
  reported_rate: number;
  hidden: number;
  credited_seconds: number;
  refusal: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: number;
  /** the request it came from, its x-request-id (migration 0026) */
  request_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** the login session its report came in on; null for a manager's void (migration 0047) */
  session_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CourseCommentsTable {
  id: string;
  book_id: string;
  person_id: string;
  /** 1–5 */
  rating: number;
  content: string;
  created_at: number;
  updated_at: number;
}

export interface CourseAnswersTable {
  id: string;
  book_id: string;
  person_id: string;
  /** null: a question; else the question it answers */
  parent_id: string | null;
  content: string;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface FaceReferencesTable {
  person_id: string;
  photo_key: string;
  photo_sha256: string | null;
  embedding: string;
  detector_score: number;
  frame_hash: string | null;
  face_hash: string | null;
  set_by: string;
  created_at: number;
  updated_at: number;
  /** the face it started from: the learner's first own photo, or the last a manager set (migration 0037) */
  origin_embedding: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FaceChecksTable {
  id: string;
  person_id: string;
  train_person_id: string;
  kind: 'start' | 'random' | 'end' | 'exam';
  status: 'pending' | 'failed' | 'passed';
  session_id: string;
  warp_course_id: string | null;
  due_at: number;
  window_ends_at: number;
  attempts: Generated<number>;
  best_score: number | null;
  passed_at: number | null;
  next_after_seconds: number | null;
  /** comma-separated flags of the photo that passed it (a still scene, low liveness): for 核验审核 */
  flags: string | null;
  created_at: number;
  updated_at: number;
}

/** Credited study of a membership since its last passed face check, or since it joined (no row: none). */
export interface FaceCheckCreditTable {
  train_person_id: string;
  seconds: number;
}

export interface FaceAttemptsTable {
  id: string;
  person_id: string;
  check_id: string | null;
  purpose: 'check' | 'test' | 'reference';
  result: 'passed' | 'failed' | 'rejected';
  score: number | null;
  reason: string | null;
  photo_key: string | null;
  photo_sha256: string | null;
  photo_purged_at: number | null;
  frame_hash: string | null;
  face_hash: string | null;
  /** the face's embedding (base64 float32), to compare later photos with */
  embedding: string | null;
  real_score: number | null;
  live_score: number | null;
  flags: string | null;
  still_run: Generated<number>;
  via: 'camera' | 'phone' | 'upload';
  ip: string | null;
  user_agent: string | null;
  created_at: number;
}

export interface FaceCaptureNoncesTable {
  nonce_hash: string;
  person_id: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface FaceCaptureTokensTable {
  token_hash: string;
  person_id: string;
  check_id: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
  /** the login that showed the code: a pass by phone counts for it (migration 0043) */
  session_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export type QuestionKind = 'single' | 'multiple' | 'judge' | 'fill';

export interface QuestionsTable {
  id: string;
  book_id: string;
  kind: QuestionKind;
  stem: string;
  options: Generated<string>;
  answer: string;
  analysis: Generated<string>;
  sort_order: number;
  created_at: number;
  /** migration 0015: points (null: the paper's rules decide), difficulty, retirement */
  points: ColumnType<number | null, number | null | undefined, number | null>;
  difficulty: Generated<string>;
  retired_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** migration 0020: an image shown with the stem (files, type QuestionImage) */
  image_file_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PracticeProgressTable {
  person_id: string;
  book_id: string;
  next_index: number;
  answered: Generated<number>;
  correct: Generated<number>;
  updated_at: number;
}

export interface WrongAnswersTable {
  person_id: string;
  question_id: string;
  book_id: string;
  streak: Generated<number>;
  wrong_count: Generated<number>;
  last_wrong_at: number;
}

export interface ExamAttemptsTable {
  id: string;
  person_id: string;
  train_person_id: string;
  class_course_id: string;
  book_id: string;
  status: 'open' | 'submitted' | 'expired';
  paper: string;
  answers: Generated<string>;
  answers_saved_at: number | null;
  started_at: number;
  deadline_at: number;
  submitted_at: number | null;
  total_score: number;
  pass_score: number;
  score: number | null;
  passed: number | null;
  /** a manager voided the face check it was sat under: it counts for nothing (migration 0042) */
  voided_at: ColumnType<number | null, number | null | undefined, number | null>;
  voided_by_check: ColumnType<string | null, string | null | undefined, string | null>;
  /** the login session, address and browser it was started from (migration 0047) */
  session_id: ColumnType<string | null, string | null | undefined, string | null>;
  ip: ColumnType<string | null, string | null | undefined, string | null>;
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A manager's review of a face check (migration 0023), written by the identity feature. */
export interface FaceCheckReviewsTable {
  check_id: string;
  decision: 'confirmed' | 'voided';
  reason: string;
  voided_seconds: Generated<number>;
  reviewed_by: string;
  reviewed_at: number;
  /** a void took back the credit earned after this moment, up to `reviewed_at` (migration 0036) */
  voided_since: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The numbers a certificate had before it was reissued (migration 0022), written by the certificates feature. */
export interface CertificateReissuesTable {
  id: string;
  certificate_id: string;
  number: string;
  verify_code: string;
  person_name: string;
  hours: number;
  issued_at: number;
  reason: string;
  reissued_at: number;
  reissued_by: string | null;
}

export interface CertificateTemplatesTable {
  id: string;
  org_id: string;
  title: string;
  signature_line: string;
  seal_file_id: string | null;
  created_at: number;
  created_by: string | null;
}

export interface CertificatesTable {
  id: string;
  number: string;
  verify_code: string;
  person_id: string;
  train_person_id: string;
  org_id: string;
  person_name: string;
  class_name: string;
  hours: number;
  issued_at: number;
  status: 'valid' | 'revoked';
  revoked_at: number | null;
  revoke_reason: string | null;
  printed_at: number | null;
  print_count: Generated<number>;
  /** the template it was issued under; null: the plain one (migration 0025) */
  template_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AnnouncementsTable {
  id: string;
  org_id: string;
  /** null: the whole organisation */
  class_id: string | null;
  title: string;
  content: string;
  created_by: string;
  created_at: number;
  updated_at: number;
  withdrawn_at: number | null;
}

export interface AnnouncementClearsTable {
  announcement_id: string;
  person_id: string;
  cleared_at: number;
}

export interface IntendedPersonsTable {
  id: string;
  org_id: string | null;
  name: string;
  phone: string;
  org_name: string;
  course_name: Generated<string>;
  note: Generated<string>;
  ip: string | null;
  created_at: number;
  /** 'new' | 'contacted' | 'enrolled' | 'closed' (migration 0012) */
  status: Generated<string>;
  /** the manager's note on the follow-up */
  follow_up: Generated<string>;
  /** the learner made from it */
  person_id: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A registration a manager rejected, kept 30 days to tell its login so (migration 0031). */
export interface RegistrationRejectionsTable {
  id: string;
  org_id: string;
  phone: string | null;
  account: string | null;
  id_card_index: string | null;
  password_hash: string;
  rejected_at: number;
}

export interface Database {
  questions: QuestionsTable;
  practice_progress: PracticeProgressTable;
  wrong_answers: WrongAnswersTable;
  exam_attempts: ExamAttemptsTable;
  certificates: CertificatesTable;
  intended_persons: IntendedPersonsTable;
  face_references: FaceReferencesTable;
  face_checks: FaceChecksTable;
  face_check_credit: FaceCheckCreditTable;
  registration_rejections: RegistrationRejectionsTable;
  session_refresh_history: SessionRefreshHistoryTable;
  face_attempts: FaceAttemptsTable;
  face_capture_tokens: FaceCaptureTokensTable;
  face_capture_nonces: FaceCaptureNoncesTable;
  course_comments: CourseCommentsTable;
  course_answers: CourseAnswersTable;
  vods: VodsTable;
  jobs: JobsTable;
  exam_papers: ExamPapersTable;
  org_shared_books: OrgSharedBooksTable;
  certificate_reissues: CertificateReissuesTable;
  certificate_templates: CertificateTemplatesTable;
  face_check_reviews: FaceCheckReviewsTable;
  course_books: CourseBooksTable;
  course_warps: CourseWarpsTable;
  train_classes: TrainClassesTable;
  train_class_courses: TrainClassCoursesTable;
  train_persons: TrainPersonsTable;
  train_person_courses: TrainPersonCoursesTable;
  train_warp_courses: TrainWarpCoursesTable;
  study_playbacks: StudyPlaybacksTable;
  departments: DepartmentsTable;
  audit_log: AuditLogTable;
  server_state: ServerStateTable;
  study_starts: StudyStartsTable;
  study_days: StudyDaysTable;
  study_events: StudyEventsTable;
  organisations: OrganisationsTable;
  persons: PersonsTable;
  sessions: SessionsTable;
  check_codes: CheckCodesTable;
  files: FilesTable;
  notices: NoticesTable;
  announcements: AnnouncementsTable;
  announcement_clears: AnnouncementClearsTable;
}
