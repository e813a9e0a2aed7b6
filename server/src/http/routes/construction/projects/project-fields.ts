import type { ProjectFields } from '../../../../domain/projects/projects.service.js';

type OptionalMembers = { [K in keyof ProjectFields]?: ProjectFields[K] | undefined };

/** the members a body names, absent ones left out (an update changes only what it names) */
export function namedProjectFields(body: OptionalMembers): Partial<ProjectFields> {
  const fields: Partial<ProjectFields> = {};
  for (const key of [
    'name',
    'projectNumber',
    'address',
    'description',
    'startDate',
    'plannedHandoverDate',
    'remindersEnabled',
    'namingConvention',
  ] as const) {
    const value = body[key];
    if (value !== undefined) Object.assign(fields, { [key]: value });
  }
  return fields;
}
