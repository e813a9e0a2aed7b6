import type { ExpressionBuilder } from 'kysely';
import type { DB } from './schema.js';

/**
 * The one rule of which documents are a project's: those uploaded for it, and those without a project in one of its
 * buildings. For a query over `documents as d`.
 */
export function inProject(projectId: string) {
  return (eb: ExpressionBuilder<DB & { d: DB['documents'] }, 'd'>) =>
    eb.or([
      eb('d.project_id', '=', projectId),
      eb.and([
        eb('d.project_id', 'is', null),
        eb(
          'd.building_id',
          'in',
          eb.selectFrom('project_buildings').select('building_id').where('project_id', '=', projectId),
        ),
      ]),
    ]);
}
