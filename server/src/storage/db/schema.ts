import type { ColumnType, Generated } from 'kysely';

/** Timestamps: read as Date, written as Date or ISO string, defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface SettingsTable {
  key: string;
  value: string;
}

export interface PartnersTable {
  id: string;
  name: string;
  created_at: Timestamp;
  archived_at: NullableTimestamp;
}

export interface BuildingOwnersTable {
  id: string;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  archived_at: NullableTimestamp;
}

export interface PartnerBuildingOwnersTable {
  partner_id: string;
  building_owner_id: string;
  created_at: Timestamp;
}

export interface BuildingsTable {
  id: string;
  building_owner_id: string;
  name: string;
  private_folders: Defaulted<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
  archived_at: NullableTimestamp;
}

export interface ApiKeysTable {
  id: string;
  partner_id: string;
  name: string | null;
  key_hash: string;
  key_prefix: string;
  environment: 'live' | 'test';
  whole_partner: boolean;
  created_at: Timestamp;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
}

export interface ApiKeyOwnerGrantsTable {
  api_key_id: string;
  building_owner_id: string;
}

export interface ApiKeyBuildingGrantsTable {
  api_key_id: string;
  building_id: string;
}

export interface SessionTokensTable {
  id: string;
  token_hash: string;
  api_key_id: string;
  building_owner_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface DocumentsTable {
  id: string;
  building_id: string;
  building_owner_id: string;
  parent_document_id: string | null;
  filename: string;
  original_path: string;
  title: string | null;
  extension: Defaulted<string>;
  mime_type: string | null;
  file_kind: string | null;
  blob_key: string;
  upload_state: Defaulted<'pending' | 'uploaded'>;
  /** the attempt that claimed a pending upload, and when (migration 0032) */
  upload_attempt_id: string | null;
  upload_claimed_at: NullableTimestamp;
  /** the portal token that registered an upload: it must still admit its holder when the bytes arrive (migration 0056) */
  portal_token_id: string | null;
  /**
   * who registered an upload on the partner routes: the partner key, or the person and the personal key they used; the
   * key must still be good and the person still write to the building when the bytes arrive (migration 0058)
   */
  upload_api_key_id: string | null;
  upload_user_id: string | null;
  upload_user_key_id: string | null;
  uploaded_at: NullableTimestamp;
  size: Defaulted<number>;
  md5: string | null;
  serial_number: string | null;
  original_created_at: NullableTimestamp;
  external_ids: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  building_category: string | null;
  building_category_source: 'auto' | 'person' | null;
  /** 'person' once someone set the information types: reprocessing keeps them (migration 0019) */
  information_types_source: Defaulted<'auto' | 'person'>;
  discipline: string | null;
  information_type: string | null;
  information_types: Defaulted<string[]>;
  is_drawing: Defaulted<boolean>;
  is_schema_drawing: Defaulted<boolean>;
  as_built: Defaulted<boolean>;
  drawing_number: string | null;
  drawing_revision: string | null;
  /** the drawing number as chains compare it (domain/revisions normalizeDrawingNumber; migration 0030) */
  drawing_key: string | null;
  /** 'person' once someone set drawing number or revision: reprocessing keeps them (migration 0030) */
  drawing_number_source: Defaulted<'auto' | 'person'>;
  /** the next newer revision or version of this document in its building; null for the latest (migration 0030) */
  superseded_by: string | null;
  /** the live document an upload named as the one it replaces (migration 0030) */
  replaces_document_id: string | null;
  drawing_type: string | null;
  drawing_date: ColumnType<Date | null, string | null | undefined, string | null>;
  floor: string | null;
  classification: ColumnType<unknown, string | null | undefined, string | null>;
  corrupt: Defaulted<boolean>;
  extracted_text: Defaulted<boolean>;
  extracted_file: Defaulted<boolean>;
  uncompressed_package: Defaulted<boolean>;
  valid_file: Defaulted<boolean>;
  invalid_file: Defaulted<boolean>;
  categorised: Defaulted<boolean>;
  skip_extract_file: Defaulted<boolean>;
  text_extraction_error: Defaulted<boolean>;
  processing_error: string | null;
  /** the first document of the building with the same bytes (MD5), when this one repeats it (migration 0016) */
  duplicate_of: string | null;
  /** how the document was read when a person should know (migration 0017): "the name says .docx, ..." */
  processing_note: string | null;
  /** what most of its text is written in, `nb` | `nn` | `en`; null without telling words (migration 0018) */
  language: string | null;
  /** extraction sandboxes this document's parsing has killed (see migration 0008) */
  extraction_kills: Defaulted<number>;
  processed_at: NullableTimestamp;
  content_type: string | null;
  preview_key: string | null;
  preview_note: string | null;
  page_count: number | null;
  /** construction fields (migration 0011): null on documents that never were part of a project */
  project_id: string | null;
  delivery_id: string | null;
  subcontractor_id: string | null;
  delivery_information_type: string | null;
  progress_status: ProgressStatusColumn | null;
  filename_descriptive: string | null;
  /** the name it was uploaded with (migration 0012) */
  original_filename: string | null;
  drawing_date_text: string | null;
  tfm_code: string | null;
  room_locations: string[] | null;
  tags: string[] | null;
  uploaded_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  archived_at: NullableTimestamp;
}

type ProgressStatusColumn = 'NO_DOCUMENTS' | 'IN_PROGRESS' | 'READY_TO_REVIEW' | 'IN_REVIEW' | 'DONE' | 'CORRUPT';

export interface DocumentPagesTable {
  document_id: string;
  page_number: number;
  text: string;
  ocr: Defaulted<boolean>;
  width_mm: number | null;
  height_mm: number | null;
  label: string | null;
  /** `nb` | `nn` | `en`, or null: its text is analysed as Norwegian (migration 0018) */
  language: string | null;
}

export interface DocumentChunksTable {
  id: Generated<number>;
  document_id: string;
  building_id: string;
  building_owner_id: string;
  chunk_index: number;
  page_number: number;
  char_start: number;
  char_end: number;
  text: string;
  /** `nb` | `nn` | `en`, or null for Norwegian: the analysis of its vector (migration 0018) */
  language: string | null;
  /**
   * search_vector(text, language): the one full-text vector of a chunk (migrations 0007, 0018), kept by the trigger
   * document_chunk_vector (migration 0050)
   */
  tsv: Generated<string>;
}

export interface ClassificationCorrectionsTable {
  id: Generated<number>;
  building_owner_id: string;
  document_id: string;
  field: string;
  value: ColumnType<unknown, string, string>;
  previous_value: ColumnType<unknown, string | null, string | null>;
  features: ColumnType<string[], string, string>;
  created_at: Timestamp;
  /** the person who corrected it; null for a partner's key and for corrections made before this was recorded */
  corrected_by_user_id: string | null;
}

export interface OwnerClassifierModelsTable {
  building_owner_id: string;
  model: ColumnType<unknown, string, string>;
  corrections: Defaulted<number>;
  updated_at: Timestamp;
}

export interface DB {
  settings: SettingsTable;
  partners: PartnersTable;
  building_owners: BuildingOwnersTable;
  partner_building_owners: PartnerBuildingOwnersTable;
  buildings: BuildingsTable;
  api_keys: ApiKeysTable;
  api_key_owner_grants: ApiKeyOwnerGrantsTable;
  api_key_building_grants: ApiKeyBuildingGrantsTable;
  session_tokens: SessionTokensTable;
  documents: DocumentsTable;
  document_pages: DocumentPagesTable;
  document_chunks: DocumentChunksTable;
  classification_corrections: ClassificationCorrectionsTable;
  owner_classifier_models: OwnerClassifierModelsTable;
  ask_threads: AskThreadsTable;
  ask_turns: AskTurnsTable;
  reports: ReportsTable;
  report_items: ReportItemsTable;
  report_item_documents: ReportItemDocumentsTable;
  maintenance_tasks: MaintenanceTasksTable;
  search_documents: SearchDocumentsTable;
  search_lexemes: SearchLexemesTable;
  building_lexemes: BuildingLexemesTable;
  building_lexemes_stale: BuildingLexemesStaleTable;
  search_changes: SearchChangesTable;
  search_segments: SearchSegmentsTable;
  search_segment_documents: SearchSegmentDocumentsTable;
  search_segment_postings: SearchSegmentPostingsTable;
  search_segment_building_postings: SearchSegmentBuildingPostingsTable;
  users: UsersTable;
  user_identities: UserIdentitiesTable;
  sign_in_attempts: SignInAttemptsTable;
  user_sessions: UserSessionsTable;
  password_links: PasswordLinksTable;
  sign_in_failures: SignInFailuresTable;
  assistant_grant_sessions: AssistantGrantSessionsTable;
  user_api_keys: UserApiKeysTable;
  customers: CustomersTable;
  customer_members: CustomerMembersTable;
  projects: ProjectsTable;
  project_buildings: ProjectBuildingsTable;
  project_members: ProjectMembersTable;
  audit_events: AuditEventsTable;
  mail_messages: MailMessagesTable;
  oidc_records: OidcRecordsTable;
  subcontractors: SubcontractorsTable;
  subcontractor_tokens: SubcontractorTokensTable;
  deliveries: DeliveriesTable;
  document_history: DocumentHistoryTable;
  zip_archives: ZipArchivesTable;
  handovers: HandoversTable;
  storage_provider_states: StorageProviderStatesTable;
  storage_provider_connections: StorageProviderConnectionsTable;
  storage_provider_imports: StorageProviderImportsTable;
  webhooks: WebhooksTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  busy_slots: BusySlotsTable;
}

export interface StorageProviderStatesTable {
  state_hash: string;
  user_id: string;
  code_verifier: string;
  redirect_to: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface StorageProviderConnectionsTable {
  user_id: string;
  refresh_token_encrypted: string;
  scope: string | null;
  connected_at: Timestamp;
  updated_at: Timestamp;
}

export interface StorageProviderImportsTable {
  id: string;
  user_id: string;
  building_id: string;
  project_id: string;
  folder_path: string;
  status: Defaulted<'queued' | 'running' | 'done' | 'failed'>;
  files: Defaulted<number>;
  imported: Defaulted<number>;
  skipped: ColumnType<unknown, string | undefined, string>;
  document_ids: ColumnType<unknown, string | undefined, string>;
  error: string | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
  /** the personal key the import was asked for with, null for the session cookie (0060) */
  user_key_id: Defaulted<string | null>;
}

/** A project handed over to a building owner, with the report made then. */
export interface HandoversTable {
  id: string;
  project_id: string;
  customer_id: string;
  building_owner_id: string;
  report: ColumnType<unknown, string, never>;
  created_by: string | null;
  created_at: Timestamp;
}

export interface ZipArchivesTable {
  id: string;
  building_id: string;
  project_id: string | null;
  subcontractor_id: string | null;
  exclude_before: NullableTimestamp;
  /** only current revisions and versions (migration 0030) */
  latest_revisions: Defaulted<boolean>;
  status: Defaulted<'queued' | 'running' | 'ready' | 'failed'>;
  blob_key: string | null;
  file_count: number | null;
  size: number | null;
  error: string | null;
  created_by: string | null;
  created_at: Timestamp;
  ready_at: NullableTimestamp;
}

export interface AskThreadsTable {
  id: string;
  building_owner_id: string;
  /** exactly one of api_key_id and user_id is set: whose thread it is */
  api_key_id: string | null;
  user_id: string | null;
  building_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AskTurnsTable {
  id: Generated<number>;
  thread_id: string;
  query: string;
  language: string;
  answer: string;
  citations: ColumnType<unknown, string, string>;
  cited_document_ids: Defaulted<string[]>;
  /** the documents whose passages the answerer was handed for the turn (0061); empty for older turns */
  read_document_ids: Defaulted<string[]>;
  created_at: Timestamp;
}

/** Deficiency reports (0005-reports). Declared here, after the rest, and merged into DB. */
export interface ReportsTable {
  id: string;
  building_id: string;
  building_owner_id: string;
  country: string;
  version: string;
  state: Defaulted<'pending' | 'ready' | 'failed'>;
  created_at: Timestamp;
  generated_at: NullableTimestamp;
  /** when the job began to read the documents (0059-report-reuse); null while the report waits to start */
  started_at: NullableTimestamp;
}

export interface ReportItemsTable {
  id: string;
  building_id: string;
  country: string;
  name_id: string;
  report_id: string;
  evidence: ColumnType<unknown, string | null, string | null>;
  person_comment: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReportItemDocumentsTable {
  item_id: string;
  document_id: string;
  created_at: Timestamp;
}

export interface MaintenanceTasksTable {
  id: string;
  building_owner_id: string;
  building_id: string;
  document_id: string | null;
  page_number: number | null;
  cited_text: string | null;
  component: string;
  component_code: string | null;
  building_category: string | null;
  action: string;
  interval_every: number | null;
  interval_unit: 'day' | 'week' | 'month' | 'year' | null;
  interval_text: string;
  performed_by: 'owner' | 'operator' | 'service_company' | null;
  source: 'extracted' | 'person';
  status: 'proposed' | 'confirmed';
  edited_by_person: Defaulted<boolean>;
  extraction_signature: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type { Generated };

/** Search (0004-search): rows kept current by triggers on documents and document_pages; read by the search provider. */
export interface SearchDocumentsTable {
  document_id: string;
  building_id: string;
  building_owner_id: string;
  filename: string;
  discipline: string | null;
  building_category: string | null;
  extension: string;
  is_drawing: boolean;
  floor: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  body_length: Defaulted<number>;
  /** tsvectors, read and written as their text form */
  head: string;
  top: Defaulted<string>;
  tsv: string;
}

/** Search segments (0042-search-segments): read and written in SQL by storage/search/segments.ts. */
export interface SearchChangesTable {
  building_owner_id: string;
  document_id: string;
  /** xid8, as text */
  xid: Defaulted<string>;
}

export interface SearchSegmentsTable {
  id: Generated<string>;
  building_owner_id: string;
  /** pg_snapshot, as text */
  snapshot: string;
  documents: number;
  created_at: Defaulted<Timestamp>;
  /** the lexemes of at least this many documents have rows per building (migration 0069); null: none has */
  building_rows_from: number | null;
}

export interface SearchSegmentDocumentsTable {
  segment_id: string;
  ordinal: number;
  document_id: string;
  building_id: string;
  body_length: number;
  discipline: string | null;
  building_category: string | null;
  extension: string;
  is_drawing: boolean;
  floor: string | null;
  /** the lowest id of the document's chunks (migration 0045); null when it has none */
  first_chunk: string | null;
}

export interface SearchSegmentPostingsTable {
  segment_id: string;
  lexeme: string;
  /**
   * the documents holding the lexeme: their ordinals as int4, big-endian, ascending, or, where that list would be as
   * long or longer, a bitmap of the segment's documents, ceil(documents / 8) bytes, ordinal i the bit 1 << (i % 8) of
   * byte i / 8 (segments.ts's orRun)
   */
  postings: Uint8Array;
  /** how many documents `postings` holds */
  documents: number;
  /** the same, of the documents whose `head` holds the lexeme with weight A, with weight B, and whose `top` holds it */
  head_a: Uint8Array | null;
  head_b: Uint8Array | null;
  top: Uint8Array | null;
  /** the same, of the documents whose chunks hold the lexeme (`document_lexemes`) */
  chunks: Uint8Array | null;
  /**
   * a byte per document of `postings`, in its order: how many positions `tsv` holds of the lexeme, less one; empty when
   * each holds one (migration 0049)
   */
  counts: Uint8Array;
  /** a byte per document of `head_a` (`head_b`): how many of those positions weigh A (B), 255 for 255 or more; empty: 1 */
  head_a_counts: Uint8Array;
  head_b_counts: Uint8Array;
}

/**
 * A building's share of a common lexeme's postings (migration 0069): the runs and counts of `search_segment_postings`
 * of the building's documents alone, each numbered by its place among them in the segment's order (a list of those
 * places as int4, or a bitmap of the building's documents where that is no longer)
 */
export interface SearchSegmentBuildingPostingsTable {
  segment_id: string;
  building_id: string;
  lexeme: string;
  postings: Uint8Array;
  head_a: Uint8Array;
  head_b: Uint8Array;
  top: Uint8Array;
  counts: Uint8Array;
  head_a_counts: Uint8Array;
  head_b_counts: Uint8Array;
}

/** Each owner's vocabulary, for typo corrections and compounds. */
export interface SearchLexemesTable {
  building_owner_id: string;
  lexeme: string;
}

/** a building's vocabulary as its readers may see it (migration 0057) */
export interface BuildingLexemesTable {
  building_id: string;
  lexeme: string;
  building_owner_id: string;
}

/** buildings whose vocabulary may hold words no reader may see any more, until the workers rebuild it */
export interface BuildingLexemesStaleTable {
  building_id: string;
  marked_at: Generated<Date>;
}

type RoleColumn = 'ADMIN' | 'OWNER' | 'WRITE_ACCESS' | 'READ_ACCESS' | 'NO_ACCESS';

export interface UsersTable {
  id: string;
  email: string;
  email_normalized: string;
  name: Defaulted<string>;
  locale: Defaulted<string>;
  platform_admin: Defaulted<boolean>;
  status: 'invited' | 'active' | 'deactivated';
  password_hash: string | null;
  last_sign_in_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  must_change_password: Defaulted<boolean>;
  name_chosen: Defaulted<boolean>;
}

export interface UserIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  email: string | null;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

export interface SignInAttemptsTable {
  state_hash: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string | null;
  login_hint: string | null;
  created_at: Timestamp;
  expires_at: Date | string;
  consumed_at: NullableTimestamp;
  browser_hash: string | null;
}

export interface UserSessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  issuer: string | null;
  id_token: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Date | string;
  ended_at: NullableTimestamp;
  client_address: string | null;
  user_agent: Defaulted<string | null>;
}

export interface PasswordLinksTable {
  id: string;
  token_hash: string;
  user_id: string;
  purpose: 'invitation' | 'reset' | 'first_sign_in';
  created_at: Timestamp;
  expires_at: Date | string;
  used_at: NullableTimestamp;
}

export interface SignInFailuresTable {
  id: string;
  bucket: 'account' | 'address' | 'link_account' | 'link_address';
  subject: string;
  occurred_at: Date | string;
}

export interface AssistantGrantSessionsTable {
  grant_id: string;
  session_id: string;
}

export interface UserApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  created_at: Timestamp;
  expires_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
}

export interface CustomersTable {
  id: string;
  name: string;
  building_owner_id: string | null;
  workspace_owner_id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  archived_at: NullableTimestamp;
}

export interface CustomerMembersTable {
  customer_id: string;
  user_id: string;
  role: RoleColumn;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProjectsTable {
  id: string;
  customer_id: string;
  name: string;
  project_number: string | null;
  address: string | null;
  description: string | null;
  /** YYYY-MM-DD */
  start_date: string | null;
  planned_handover_date: string | null;
  status: Defaulted<'ACTIVE' | 'HANDED_OVER' | 'ARCHIVED'>;
  reminders_enabled: Defaulted<boolean>;
  naming_convention: Defaulted<'byggdok' | 'iso19650'>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SubcontractorsTable {
  id: string;
  project_id: string;
  company_name: string;
  organisation_number: string | null;
  contact_name: string | null;
  email: string;
  phone: string | null;
  disciplines: Defaulted<string[]>;
  last_reminder_state: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  archived_at: NullableTimestamp;
}

export interface SubcontractorTokensTable {
  id: string;
  project_id: string;
  subcontractor_id: string;
  token_hash: string;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date, Date>;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
}

export interface DeliveriesTable {
  id: string;
  customer_id: string;
  project_id: string;
  sub_contractor_id: string | null;
  building_category: string;
  full_category: string;
  serial_number: string | null;
  description: string | null;
  discipline: string | null;
  comment: string | null;
  secondary_comment: string | null;
  contact_person: ColumnType<unknown, string | null | undefined, string | null>;
  information_types: ColumnType<unknown, string | undefined, string>;
  information_types_expected: Defaulted<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
  archived_at: NullableTimestamp;
}

export interface DocumentHistoryTable {
  id: Generated<number>;
  document_id: string;
  changed_at: Timestamp;
  actor_kind: 'user' | 'subcontractor' | 'system';
  actor_user_id: string | null;
  actor_label: string | null;
  field: string;
  old_value: ColumnType<unknown, string | null, string | null>;
  new_value: ColumnType<unknown, string | null, string | null>;
  /** the bulk change this row belongs to (a rename), undone as one */
  change_set_id: Generated<string | null>;
}

export interface ProjectBuildingsTable {
  project_id: string;
  building_id: string;
  created_at: Timestamp;
}

export interface ProjectMembersTable {
  project_id: string;
  user_id: string;
  role: RoleColumn;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuditEventsTable {
  id: string;
  occurred_at: Timestamp;
  customer_id: string | null;
  actor_kind: 'user' | 'operator' | 'subcontractor' | 'anonymous' | 'system';
  actor_user_id: string | null;
  actor_label: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** written as JSON text, read as an object */
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  client_address: string | null;
  /** the actor's name when it happened (a person's, when they had one) */
  actor_name: Defaulted<string | null>;
}

export interface MailMessagesTable {
  id: string;
  kind: string;
  to_addresses: string[];
  subject: string;
  /** the record: bodies with every key link cut to its page */
  text_body: string;
  html_body: string | null;
  /** the bodies to send, links whole, until the message has gone or failed for good */
  pending_text: string | null;
  pending_html: string | null;
  status: Defaulted<'queued' | 'sent' | 'failed'>;
  attempts: Defaulted<number>;
  last_error: string | null;
  delivery_ref: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** the customer whose people asked for it (0063), counted against CUSTOMER_LIMITS; null for any other mail */
  customer_id: string | null;
}

export interface OidcRecordsTable {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
}

export interface WebhooksTable {
  id: string;
  partner_id: string | null;
  api_key_id: string | null;
  customer_id: string | null;
  url: string;
  events: string[];
  description: string | null;
  enabled: Defaulted<boolean>;
  secret_sealed: string;
  failing_since: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface WebhookEventsTable {
  id: string;
  type: string;
  building_owner_id: string | null;
  building_id: string | null;
  project_id: string | null;
  body: string;
  created_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event_id: string;
  status: Defaulted<'pending' | 'succeeded' | 'failed'>;
  attempt: Defaulted<number>;
  response_status: number | null;
  error: string | null;
  next_attempt_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookAttemptsTable {
  delivery_id: string;
  attempt: number;
  succeeded: boolean;
  response_status: number | null;
  error: string | null;
  duration_ms: number;
  at: Timestamp;
}

/** A slot of costly work a credential holds while it runs (0062): an ask, a zip download. */
export interface BusySlotsTable {
  kind: string;
  holder: string;
  slot: number;
  token: string;
  expires_at: Timestamp;
}
