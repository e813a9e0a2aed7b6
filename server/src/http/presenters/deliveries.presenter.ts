import type { ConstructionDocument, HistoryEntry } from '../../domain/deliveries/construction-documents.service.js';
import type { DeliveryView } from '../../domain/deliveries/deliveries.service.js';
import type { SubcontractorRecord, SubcontractorTokenRecord } from '../../domain/deliveries/subcontractors.service.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentDelivery(delivery: DeliveryView) {
  return {
    id: delivery.id,
    customerId: delivery.customerId,
    projectId: delivery.projectId,
    subContractorId: delivery.subContractorId,
    buildingCategory: delivery.buildingCategory,
    fullCategory: delivery.fullCategory,
    serialNumber: delivery.serialNumber,
    description: delivery.description,
    discipline: delivery.discipline,
    comment: delivery.comment,
    secondaryComment: delivery.secondaryComment,
    contactPerson: delivery.contactPerson,
    informationTypes: delivery.informationTypes,
    informationTypesExpected: delivery.informationTypesExpected,
    progress: delivery.progress,
    createdAt: delivery.createdAt.toISOString(),
    updatedAt: delivery.updatedAt.toISOString(),
  };
}

export function presentSubcontractor(subcontractor: SubcontractorRecord) {
  return {
    id: subcontractor.id,
    projectId: subcontractor.projectId,
    companyName: subcontractor.companyName,
    organisationNumber: subcontractor.organisationNumber,
    contactName: subcontractor.contactName,
    email: subcontractor.email,
    phone: subcontractor.phone,
    disciplines: subcontractor.disciplines,
    createdAt: subcontractor.createdAt.toISOString(),
    updatedAt: subcontractor.updatedAt.toISOString(),
  };
}

export function presentSubcontractorToken(token: SubcontractorTokenRecord) {
  return {
    id: token.id,
    createdAt: token.createdAt.toISOString(),
    expiresAt: token.expiresAt.toISOString(),
    revokedAt: iso(token.revokedAt),
    lastUsedAt: iso(token.lastUsedAt),
  };
}

export function presentConstructionDocument(document: ConstructionDocument) {
  return {
    id: document.id,
    projectId: document.projectId,
    buildingId: document.buildingId,
    deliveryId: document.deliveryId,
    subcontractorId: document.subcontractorId,
    deliveryInformationType: document.deliveryInformationType,
    filename: document.filename,
    filenameDescriptive: document.filenameDescriptive,
    buildingCategory: document.buildingCategory,
    discipline: document.discipline,
    drawingCode: document.drawingCode,
    drawingDate: document.drawingDate,
    floor: document.floor,
    informationTypes: document.informationTypes,
    progressStatus: document.progressStatus,
    progressReason: document.progressReason,
    roomLocations: document.roomLocations,
    serialNumber: document.serialNumber,
    tags: document.tags,
    tfmCode: document.tfmCode,
    size: document.size,
    mimeType: document.mimeType,
    uploaded: document.uploaded,
    processed: document.processed,
    uploadedBy: document.uploadedBy,
    updatedBy: document.updatedBy,
    createdAt: document.createdAt.toISOString(),
    updatedAt: document.updatedAt.toISOString(),
    supersededBy: document.supersededBy,
    isLatestRevision: document.supersededBy === null,
  };
}

export function presentHistory(entries: HistoryEntry[]) {
  return {
    history: entries.map((entry) => ({
      field: entry.field,
      oldValue: entry.oldValue,
      newValue: entry.newValue,
      changedAt: entry.changedAt.toISOString(),
      actor: entry.actor,
    })),
  };
}

export function presentSignedUrl(signed: { url: string; expiresAt: Date }) {
  return { url: signed.url, expiresAt: signed.expiresAt.toISOString() };
}
