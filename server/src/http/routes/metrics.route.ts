import type { App } from '../app-types.js';
import { registerAdminAuthentication } from '../plugins/admin-auth.js';

export interface MetricsEndpoint {
  /** the Prometheus text of this process */
  render(): Promise<string>;
  contentType: string;
  /** BYGGDOK_METRICS_PUBLIC: served without the operator token (a scraper on a private network) */
  public: boolean;
}

/** `/metrics` in Prometheus's text format, for the operator token unless made public; not in the OpenAPI document. */
export async function registerMetricsRoute(
  app: App,
  deps: { metrics: MetricsEndpoint; adminToken: string },
): Promise<void> {
  await app.register(async (scope) => {
    if (!deps.metrics.public) registerAdminAuthentication(scope, deps.adminToken);
    scope.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
      reply.type(deps.metrics.contentType).send(await deps.metrics.render()),
    );
  });
}
