import type { ProjectBuilding, ProjectRecord, ProjectView } from '../../domain/projects/projects.service.js';

export function presentProject(project: ProjectView) {
  return { ...presentProjectRecord(project), role: project.role };
}

/** a project without the caller's role (the subcontractor portal has none) */
export function presentProjectRecord(project: ProjectRecord) {
  return {
    id: project.id,
    customerId: project.customerId,
    name: project.name,
    projectNumber: project.projectNumber,
    address: project.address,
    description: project.description,
    startDate: project.startDate,
    plannedHandoverDate: project.plannedHandoverDate,
    remindersEnabled: project.remindersEnabled,
    namingConvention: project.namingConvention,
    status: project.status,
    buildings: project.buildings,
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  };
}

export function presentConstructionBuilding(building: ProjectBuilding) {
  return {
    id: building.id,
    name: building.name,
    projectId: building.projectId,
    createdAt: building.createdAt.toISOString(),
  };
}
