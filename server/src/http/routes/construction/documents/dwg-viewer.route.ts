import { Type } from '@sinclair/typebox';
import type { DrawingViewerService } from '../../../../domain/drawings/drawing-viewer.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { withProblems } from '../../../schemas/common.js';
import { PERSON_SECURITY, Uuid } from '../../../schemas/people.js';

const DrawingViewSchema = Type.Object({
  extents: Type.Object({ minX: Type.Number(), minY: Type.Number(), maxX: Type.Number(), maxY: Type.Number() }),
  layers: Type.Array(
    Type.Object({
      name: Type.String(),
      color: Type.String({ description: '#rrggbb, as the file states it (white layers are drawn black in the SVG)' }),
      visible: Type.Boolean({ description: 'false: the layer is off or frozen (its group is display="none")' }),
    }),
  ),
  svg: Type.String({ description: 'the model space in drawing units, y up, one <g data-layer> per layer' }),
});

/** What a browser drawing viewer needs from a DWG or DXF document (READ_ACCESS); made once per file. */
export function registerDwgViewerRoute(app: App, deps: { drawings: DrawingViewerService }): void {
  app.get(
    '/construction/documents/:documentId/dwg-viewer',
    {
      schema: {
        tags: ['construction'],
        summary: 'Extents, layers and an SVG of a DWG or DXF drawing',
        security: PERSON_SECURITY,
        params: Type.Object({ documentId: Uuid('document id') }),
        response: withProblems({ 200: DrawingViewSchema }, [400, 401, 403, 404, 409, 429]),
      },
    },
    async (request) => deps.drawings.view({ principal: principalOf(request), documentId: request.params.documentId }),
  );
}
