import { createGunzip } from 'node:zlib';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
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

/** whether the client takes a gzipped answer (`Accept-Encoding: gzip`, not refused with `q=0`) */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...parameters] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * What a browser drawing viewer needs from a DWG or DXF document (READ_ACCESS); made once per file and sent as
 * stored (gzipped to whoever takes it), with an ETag: a viewer that has it gets 304 without the view being read.
 */
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
    async (request, reply) => {
      const view = await deps.drawings.view({ principal: principalOf(request), documentId: request.params.documentId });
      // a shared cache keeps nothing of it: another person may not read this drawing
      reply.header('etag', view.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
      const held = request.headers['if-none-match'];
      if (held !== undefined && held.split(',').some((tag) => tag.trim() === view.etag)) {
        // no body, as 304 has none (not the serialised null a declared schema would give)
        return (reply as FastifyReply).code(304).send();
      }
      const body = await view.gzip();
      reply.type('application/json; charset=utf-8');
      if (acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(body);
      const plain = createGunzip();
      if (Buffer.isBuffer(body)) plain.end(body);
      else body.pipe(plain);
      return reply.send(plain);
    },
  );
}
