import type { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { WebhooksService } from '../domain/webhooks/webhooks.service.js';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { AccessService } from '../domain/access/access.service.js';
import type { BusyLimit } from '../domain/access/busy-limit.js';
import type { AdminService } from '../domain/admin/admin.service.js';
import type { AnswersService } from '../domain/answers/answers.service.js';
import type { BuildingsService } from '../domain/buildings/buildings.service.js';
import type { DocumentsService } from '../domain/documents/documents.service.js';
import type { UploadsService } from '../domain/uploads/uploads.service.js';
import type { OwnersService } from '../domain/owners/owners.service.js';
import type { ExplainService } from '../domain/pipeline/explain.service.js';
import type { ReprocessService } from '../domain/pipeline/reprocess.service.js';
import type { ReportsService } from '../domain/reports/reports.service.js';
import type { MaintenanceService } from '../domain/maintenance/maintenance.service.js';
import type { SearchService } from '../domain/search/search.service.js';
import type { SessionsService } from '../domain/sessions/sessions.service.js';
import type { PeopleService } from '../domain/people/people.service.js';
import type { ProjectsService } from '../domain/projects/projects.service.js';
import type { MembersService } from '../domain/people/members.service.js';
import type { CustomersService } from '../domain/customers/customers.service.js';
import type { MailService } from '../domain/mail/mail.service.js';
import type { Mailer } from '../domain/mail/mailer.js';
import type { ApiKeysService } from '../domain/people/api-keys.service.js';
import type { AuditLogService } from '../domain/audit/audit-log.service.js';
import type { PlatformAdminService } from '../domain/platform/platform-admin.service.js';
import type { UsersService } from '../domain/people/users.service.js';
import type { SignInService } from '../domain/signin/sign-in.service.js';
import type { PasswordsService } from '../domain/signin/passwords.service.js';
import type { AccountService } from '../domain/signin/account.service.js';
import type { DrawingViewerService } from '../domain/drawings/drawing-viewer.service.js';
import type { StorageProviderService } from '../domain/storage-provider/storage-provider.service.js';
import type { HandoverService } from '../domain/handover/handover.service.js';
import type { HandoverReport } from '../domain/handover/handover-report.js';
import type { HandoverPdfLocale } from '../integrations/pdf/handover-pdf.js';
import type { ZipService } from '../domain/zip/zip.service.js';
import type { RenamingService } from '../domain/naming/renaming.service.js';
import type { SubcontractorsService } from '../domain/deliveries/subcontractors.service.js';
import type { DeliveriesService } from '../domain/deliveries/deliveries.service.js';
import type { ConstructionDocumentsService } from '../domain/deliveries/construction-documents.service.js';

/** The Fastify instance every route file receives: TypeBox schemas type the handlers. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * The services the HTTP layer calls, declared here so that http/ depends on the domain and not on the composition
 * root: app/ builds something of this shape, and each route takes only the ones it uses.
 */
export interface HttpServices {
  access: AccessService;
  admin: AdminService;
  owners: OwnersService;
  buildings: BuildingsService;
  sessions: SessionsService;
  documents: DocumentsService;
  uploads: UploadsService;
  reprocess: ReprocessService;
  explain: ExplainService;
  search: SearchService;
  reports: ReportsService;
  maintenance: MaintenanceService;
  answers: AnswersService;
  /** asks a credential may have answered at once */
  askLimit: BusyLimit;
  /** zip downloads a credential may have streaming at once */
  zipLimit: BusyLimit;
  /** handover dry runs and report PDFs a credential may have under way at once */
  handoverLimit: BusyLimit;
  signIn: SignInService;
  passwords: PasswordsService;
  account: AccountService;
  users: UsersService;
  people: PeopleService;
  projects: ProjectsService;
  members: MembersService;
  customers: CustomersService;
  mail: MailService;
  mailer: Mailer;
  platformAdmin: PlatformAdminService;
  apiKeys: ApiKeysService;
  auditLog: AuditLogService;
  subcontractors: SubcontractorsService;
  deliveries: DeliveriesService;
  constructionDocuments: ConstructionDocumentsService;
  renaming: RenamingService;
  zips: ZipService;
  handover: HandoverService;
  drawings: DrawingViewerService;
  storageProvider: StorageProviderService;
  webhooks: WebhooksService;
  /** the handover report as a PDF */
  renderHandoverPdf: (report: HandoverReport, locale: HandoverPdfLocale) => Promise<Uint8Array>;
  handoverPdfs: {
    stored(report: HandoverReport, locale: HandoverPdfLocale): Promise<Readable | null>;
    keep(report: HandoverReport, locale: HandoverPdfLocale, pdf: Uint8Array): Promise<void>;
  };
}
