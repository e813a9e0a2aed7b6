import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError, type AppError, type ErrorKind, type FieldProblem } from '../../domain/shared/errors.js';

const STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  precondition_failed: 412,
  too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  bad_gateway: 502,
  gateway_timeout: 504,
};

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Fastify's own 4xx errors, mapped to stable codes. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.too_large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.invalid_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request.invalid',
  FST_ERR_CTP_EMPTY_TYPE: 'request.unsupported_media_type',
};

/** the HTTP status an application error is answered with */
export function statusOf(error: AppError): number {
  return STATUS_OF_KIND[error.kind];
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors?: FieldProblem[];
  instance?: string;
  requestId?: string;
}

/** The problem+json body; also written raw for errors Node answers before Fastify has a request (input-guard.ts). */
export function problemDocument(problem: {
  status: number;
  code: string;
  detail: string;
  errors?: FieldProblem[];
  instance?: string;
  requestId?: string;
}): Problem {
  return {
    type: `urn:byggdok:problem:${problem.code}`,
    title: TITLES[problem.status] ?? 'Error',
    status: problem.status,
    detail: problem.detail,
    code: problem.code,
    ...(problem.errors ? { errors: problem.errors } : {}),
    ...(problem.instance !== undefined ? { instance: problem.instance } : {}),
    ...(problem.requestId !== undefined ? { requestId: problem.requestId } : {}),
  };
}

export function sendProblem(
  reply: FastifyReply,
  problem: { status: number; code: string; detail: string; errors?: FieldProblem[] },
): FastifyReply {
  const body = problemDocument({
    ...problem,
    instance: reply.request.url.split('?')[0],
    requestId: String(reply.request.id),
  });
  return reply.status(problem.status).type('application/problem+json; charset=utf-8').send(body);
}

interface AjvErrorLike {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** AJV errors -> one entry per failing field, as JSON pointers into the request part that failed. */
function fieldProblemsOf(validation: AjvErrorLike[], context: string | undefined): FieldProblem[] {
  const where = context === 'querystring' ? 'query parameter' : context === 'params' ? 'path parameter' : 'field';
  const problems = validation.map((error): FieldProblem => {
    let path = error.instancePath ?? '';
    let message = error.message ?? 'is invalid';
    const params = error.params ?? {};
    if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
      path = `${path}/${params.missingProperty}`;
      message = `is required`;
    } else if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
      path = `${path}/${params.additionalProperty}`;
      message = `is not a known ${where}`;
    } else if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
      message = `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    }
    return { path: path === '' ? '/' : path, message };
  });
  // A union's failure tells each branch's problem and then that none matched: `{ interval: { every: 0 } }` against
  // "an interval or null" gives `/interval/every` (the real one), `/interval must be null` and `/interval must match a
  // schema in anyOf`. The null branch's and the summary's are left out wherever another problem names the same field
  // or one inside it; of the rest, the first for each field is kept.
  const isUnionNoise = (i: number) => {
    const error = validation[i]!;
    return (
      error.keyword === 'anyOf' ||
      error.keyword === 'oneOf' ||
      (error.keyword === 'type' && error.params?.type === 'null')
    );
  };
  const within = (inner: string, outer: string) => inner === outer || outer === '/' || inner.startsWith(`${outer}/`);
  const kept = problems.filter(
    (problem, i) =>
      !isUnionNoise(i) || !problems.some((other, j) => j !== i && !isUnionNoise(j) && within(other.path, problem.path)),
  );
  const seen = new Set<string>();
  return kept.filter((p) => (seen.has(p.path) ? false : (seen.add(p.path), true)));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (isAppError(error)) {
      const status = STATUS_OF_KIND[error.kind];
      // a service we call failed: worth a look, though not our fault
      if (status >= 500) request.log.warn({ err: error }, 'upstream service failed');
      if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
      return sendProblem(reply, {
        status,
        code: error.code,
        detail: error.message,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
      });
    }
    if (error.validation) {
      const errors = fieldProblemsOf(error.validation, error.validationContext);
      const detail = errors.map((e) => `${e.path.replace(/^\//, '') || 'body'} ${e.message}`).join('; ');
      return sendProblem(reply, { status: 400, code: 'request.invalid', detail, errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return sendProblem(reply, { status, code: 'rate_limit.exceeded', detail: error.message });
    }
    if (status >= 400 && status < 500) {
      const code = FASTIFY_CODES[error.code] ?? (status === 404 ? 'route.not_found' : 'request.invalid');
      return sendProblem(reply, { status, code, detail: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, {
      status: 500,
      code: 'internal',
      detail: 'An internal error occurred; it has been logged',
    });
  });

  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, {
      status: 404,
      code: 'route.not_found',
      detail: `No route ${request.method} ${request.url.split('?')[0]}`,
    }),
  );
}
