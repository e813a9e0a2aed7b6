import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/** How the HTTP layer reports each answered request (metrics); the route is its pattern, never the raw URL. */
export type RecordRequest = (labels: { route: string; method: string; status: number }, seconds: number) => void;

/** Health checks, metrics scrapes and status polls run every few seconds: logged at debug, so info stays readable. */
function isRoutine(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const route = request.routeOptions.url;
  return route === '/healthz' || route === '/readyz' || route === '/metrics' || (route?.endsWith('/status') ?? false);
}

/**
 * Fastify's request log lines, the same shape, but a routine request's "incoming request" and "request completed"
 * at debug. Errors are still logged as Fastify logs them, whatever the route.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (isRoutine(request)) request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (!error && isRoutine(request))
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    else super.requestCompleted(error, request, reply, metadata);
  }
}

/** Request latency per route pattern, method and status class; unrouted requests (404s) share one label. */
export function registerRequestMetrics(app: FastifyInstance, record: RecordRequest): void {
  app.addHook('onResponse', async (request, reply) => {
    record(
      { route: request.routeOptions.url ?? 'unmatched', method: request.method, status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
}
