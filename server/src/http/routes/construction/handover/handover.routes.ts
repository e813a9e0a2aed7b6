import type { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import type { BusyLimit } from '../../../../domain/access/busy-limit.js';
import type { HandoverService } from '../../../../domain/handover/handover.service.js';
import type { HandoverPdfLocale } from '../../../../integrations/pdf/handover-pdf.js';
import type { HandoverReport } from '../../../../domain/handover/handover-report.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { withProblems } from '../../../schemas/common.js';
import { HandoverBody, HandoverReportSchema } from '../../../schemas/handover.js';
import { PERSON_SECURITY } from '../../../schemas/people.js';
import { ProjectParams } from '../../../schemas/projects.js';

const BASE = '/construction/customers/:customerId/projects/:projectId/handover';

/**
 * Handover of a project to a building owner (OWNER or ADMIN), its report as JSON (READ_ACCESS) and as a PDF to
 * print. A dry run answers the same report and changes nothing.
 */
export function registerHandoverRoutes(
  app: App,
  deps: {
    handover: HandoverService;
    handoverLimit: BusyLimit;
    renderHandoverPdf: (report: HandoverReport, locale: HandoverPdfLocale) => Promise<Uint8Array>;
    /** the PDFs printed before (a handover's report never changes) */
    handoverPdfs: {
      stored(report: HandoverReport, locale: HandoverPdfLocale): Promise<Readable | null>;
      keep(report: HandoverReport, locale: HandoverPdfLocale, pdf: Uint8Array): Promise<void>;
    };
  },
): void {
  app.post(
    BASE,
    {
      schema: {
        tags: ['construction'],
        summary: 'Hand the project over to a building owner (or report what a handover would do)',
        security: PERSON_SECURITY,
        params: ProjectParams,
        body: HandoverBody,
        response: withProblems({ 200: HandoverReportSchema }, [400, 401, 403, 404, 409, 429]),
      },
    },
    async (request) => {
      // a dry run evaluates every building of the project, and may be asked again and again: a credential runs a few
      // at once (429 handover.busy past them); the handover itself happens once
      const slot = request.body.dryRun ? await deps.handoverLimit.take(principalOf(request)) : null;
      try {
        return await deps.handover.handOver({
          principal: principalOf(request),
          ...request.params,
          request: request.body,
          clientAddress: request.ip,
        });
      } finally {
        await slot?.release();
      }
    },
  );

  app.get(
    BASE,
    {
      schema: {
        tags: ['construction'],
        summary: 'The report made when the project was handed over',
        security: PERSON_SECURITY,
        params: ProjectParams,
        response: withProblems({ 200: HandoverReportSchema }, [400, 401, 404]),
      },
    },
    async (request) => deps.handover.report({ principal: principalOf(request), ...request.params }),
  );

  app.get(
    `${BASE}/report.pdf`,
    {
      schema: {
        tags: ['construction'],
        summary: 'The handover report as a PDF to print',
        security: PERSON_SECURITY,
        params: ProjectParams,
        querystring: Type.Object(
          {
            locale: Type.Optional(
              Type.Union([Type.Literal('nb'), Type.Literal('en')], { description: 'nb (default) or en' }),
            ),
          },
          { additionalProperties: false },
        ),
        response: withProblems(
          { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/pdf' }) },
          [400, 401, 404, 429],
        ),
      },
    },
    async (request, reply) => {
      const report = await deps.handover.report({ principal: principalOf(request), ...request.params });
      const locale = request.query.locale ?? 'nb';
      // printed once per language and kept; only the first print takes a credential's slot (429 handover.busy past
      // the few it may print at once)
      let pdf: Readable | Buffer | null = await deps.handoverPdfs.stored(report, locale);
      if (!pdf) {
        const slot = await deps.handoverLimit.take(principalOf(request));
        try {
          pdf = Buffer.from(await deps.renderHandoverPdf(report, locale));
        } finally {
          await slot.release();
        }
        await deps.handoverPdfs.keep(report, locale, pdf);
      }
      const name = `handover-${report.project.projectNumber ?? report.project.id}.pdf`.replace(/[^\w.-]+/g, '_');
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(pdf);
    },
  );
}
