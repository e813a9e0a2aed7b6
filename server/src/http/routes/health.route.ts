import { Type } from '@sinclair/typebox';
import type { App } from '../app-types.js';
import { sendProblem } from '../plugins/errors.js';

export function registerHealthRoutes(app: App, deps: { isReady: () => Promise<boolean> }): void {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'The process is up',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    { schema: { tags: ['health'], summary: 'The process can serve: the database answers' } },
    async (_request, reply) =>
      (await deps.isReady().catch(() => false))
        ? { status: 'ready' }
        : sendProblem(reply, { status: 503, code: 'service.not_ready', detail: 'The database does not answer' }),
  );
}
