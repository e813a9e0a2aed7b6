import type { AccessService } from '../../domain/access/access.service.js';
import type { AuditLog } from '../../domain/audit/audit.js';
import { createConstructionDocumentsService } from '../../domain/deliveries/construction-documents.service.js';
import { createDeliveriesService } from '../../domain/deliveries/deliveries.service.js';
import { createSubcontractorsService } from '../../domain/deliveries/subcontractors.service.js';
import type { BlobStore } from '../../domain/documents/blob-store.js';
import { jobDone, jobSkipped, type JobContribution } from '../../domain/jobs/jobs.js';
import type { ClassifierService } from '../../domain/documents/classifier.service.js';
import { createDocumentsRepository } from '../../storage/db/repositories/documents.repository.js';
import type { Mailer } from '../../domain/mail/mailer.js';
import type { Clock } from '../../domain/shared/clock.js';
import type { PageTokenCodec } from '../../domain/shared/page-token.js';
import type { UploadsService } from '../../domain/uploads/uploads.service.js';
import { createConstructionDocumentsRepository } from '../../storage/db/repositories/construction-documents.repository.js';
import { createDeliveriesRepository } from '../../storage/db/repositories/deliveries.repository.js';
import { createProjectsRepository } from '../../storage/db/repositories/projects.repository.js';
import { createSubcontractorsRepository } from '../../storage/db/repositories/subcontractors.repository.js';
import type { Db, Outbox } from './app-module.js';
import type { VocabularyRefresh } from '../../domain/search/vocabulary-refresh.js';

/**
 * What subcontractors owe a project (deliveries), the subcontractors and their portal tokens, and the project's
 * documents as members and the portal see them. Uploads go through the documents module's uploads service, so
 * they take the same pipeline as every other upload.
 */
export function createDeliveriesModule(deps: {
  db: Db;
  /** where webhook events are written, in the transaction of the change (none: no events) */
  outbox?: Outbox;
  access: AccessService;
  audit: AuditLog;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  blobs: BlobStore;
  uploads: UploadsService;
  pageTokens: PageTokenCodec;
  classifier: ClassifierService;
  /** when the daily reminder runs (cron); null: never */
  remindersCron: string | null;
  /** an archive may take words from a building's readers: the workers read its vocabulary again soon */
  refreshVocabularies?: VocabularyRefresh;
}) {
  const subcontractorsRepository = createSubcontractorsRepository(deps.db);
  const documents = createDocumentsRepository({ db: deps.db });
  const deliveriesRepository = createDeliveriesRepository(deps.db, deps.outbox);
  const subcontractors = createSubcontractorsService({
    repository: subcontractorsRepository,
    access: deps.access,
    audit: deps.audit,
    clock: deps.clock,
  });
  const deliveries = createDeliveriesService({
    repository: deliveriesRepository,
    subcontractors: subcontractorsRepository,
    access: deps.access,
    audit: deps.audit,
    mailer: deps.mailer,
    clock: deps.clock,
    publicUrl: deps.publicUrl,
    tokens: subcontractors,
    projects: createProjectsRepository(deps.db),
  });
  const constructionDocuments = createConstructionDocumentsService({
    repository: createConstructionDocumentsRepository(deps.db),
    deliveries: deliveriesRepository,
    access: deps.access,
    uploads: deps.uploads,
    blobs: deps.blobs,
    audit: deps.audit,
    clock: deps.clock,
    userLabel: (userId) => deliveriesRepository.userLabel(userId),
    subcontractorLabel: async (subcontractorId) =>
      (
        await deps.db
          .selectFrom('subcontractors')
          .select('company_name')
          .where('id', '=', subcontractorId)
          .executeTakeFirst()
      )?.company_name ?? `subcontractor ${subcontractorId}`,
    projectCustomer: async (projectId) => (await deliveriesRepository.projectOf(projectId))?.customerId ?? null,
    pageTokens: deps.pageTokens,
    ...(deps.refreshVocabularies ? { refreshVocabularies: deps.refreshVocabularies } : {}),
    onCategoryCorrected: async ({ documentId, buildingCategory }) => {
      if (!deps.classifier.isValidBuildingCategory(buildingCategory)) return;
      const document = await documents.findById({ documentId, includeArchived: false });
      if (document) await deps.classifier.learnCategory({ document, buildingCategory });
    },
    onInformationTypesCorrected: async ({ documentId, informationTypes }) => {
      const document = await documents.findById({ documentId, includeArchived: false });
      if (document) await deps.classifier.learnInformationTypes({ document, informationTypes });
    },
  });
  return {
    services: { subcontractors, deliveries, constructionDocuments },
    jobs: {
      handlers: {
        'deliveries.remind': async () => {
          const sent = await deliveries.sendReminders();
          return sent > 0 ? jobDone() : jobSkipped('no subcontractor owes anything new');
        },
      },
      schedules: deps.remindersCron ? [{ name: 'deliveries.remind', cron: deps.remindersCron }] : [],
    } satisfies JobContribution,
  };
}
