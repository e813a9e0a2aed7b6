import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { paths } from '@byggdok/sdk';
import { api, dataOf, formText, unwrap } from '../../api.js';
import { Failure, Loaded } from '../../components/Layout.js';
import { SubcontractorSelect } from '../../components/Pickers.js';
import { atLeast } from '../../roles.js';
import { useProject, useSubcontractors } from './deliveries.js';
import { ArchivedNotice } from './ArchivedNotice.js';
import { ProjectNav } from './ProjectNav.js';
import { useReferenceNames } from '../../reference.js';
import { formatsFor } from '../../format.js';
import { DateField } from '../../components/ui/DateField.js';

/** the checklists by country, named as their regulations are (the same words in both languages) */
const REGULATIONS = { NO: 'TEK17', GB: 'Building Safety Act' } as const;

type Report =
  paths['/construction/customers/{customerId}/projects/{projectId}/handover']['get']['responses'][200]['content']['application/json'];

/**
 * A project's archives and its handover: a zip per building or per subcontractor built and downloaded; the handover's
 * dry run with its report, then the handover itself, and afterwards where the project went.
 */
export function HandoverPage() {
  const { t } = useTranslation();
  const { customerId = '', projectId = '' } = useParams();
  const project = useProject(customerId, projectId);
  const p = project.data;
  return (
    <section className="project">
      <p>
        <Link to="/projects">← {t('projects.back')}</Link>
      </p>
      <h1>{p?.name ?? t('construction.handoverTab')}</h1>
      <ProjectNav />
      <ArchivedNotice project={p} />
      <Loaded loading={project.isPending} error={project.error} retry={() => void project.refetch()}>
        {p && (
          <>
            <Archives buildings={p.buildings} customerId={customerId} projectId={projectId} />
            {p.status === 'HANDED_OVER' ? (
              <HandedOver customerId={customerId} projectId={projectId} />
            ) : p.status === 'ARCHIVED' ? (
              <section aria-labelledby="handover-title">
                <h2 id="handover-title">{t('construction.handover')}</h2>
                <p className="muted">{t('projects.archivedNoHandover')}</p>
              </section>
            ) : (
              <Handover
                customerId={customerId}
                projectId={projectId}
                canHandOver={atLeast(p.role, 'OWNER') && p.status === 'ACTIVE'}
              />
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}

/** the zips of the project's buildings: built on request, followed while they build, downloaded when ready */
function Archives(props: { buildings: { id: string; name: string }[]; customerId: string; projectId: string }) {
  const { t } = useTranslation();
  const subcontractors = useSubcontractors(props.customerId, props.projectId);
  return (
    <section aria-labelledby="archives-title">
      <h2 id="archives-title">{t('construction.archives')}</h2>
      {props.buildings.map((building) => (
        <Archive key={building.id} building={building} subcontractors={subcontractors.data?.subcontractors ?? []} />
      ))}
    </section>
  );
}

function Archive(props: {
  building: { id: string; name: string };
  subcontractors: { id: string; companyName: string }[];
}) {
  const { t, i18n } = useTranslation();
  const [choice, setChoice] = useState<{ subcontractorId?: string; since?: string }>({});
  const buildingId = props.building.id;
  const latest = useQuery({
    queryKey: ['zip', buildingId, choice],
    queryFn: async () => {
      // orNone: no zip yet is 204 No Content, not a failed request
      const zip = await dataOf(
        api.GET('/construction/zip/{buildingId}/latest', {
          params: {
            path: { buildingId },
            query: {
              orNone: true,
              ...(choice.subcontractorId ? { subcontractorId: choice.subcontractorId } : {}),
              ...(choice.since ? { excludeFilesBeforeDate: choice.since } : {}),
            },
          },
        }),
      );
      return zip ?? null;
    },
    // followed while it builds
    refetchInterval: (query) =>
      query.state.data && (query.state.data.status === 'queued' || query.state.data.status === 'running')
        ? 1000
        : false,
  });
  const build = useMutation({
    mutationFn: (form: HTMLFormElement) => {
      const subcontractorId = formText(form, 'subcontractor');
      const since = formText(form, 'since');
      const query = since ? { excludeFilesBeforeDate: since } : {};
      setChoice({ ...(subcontractorId ? { subcontractorId } : {}), ...(since ? { since } : {}) });
      return unwrap(
        subcontractorId
          ? api.POST('/construction/zip/{buildingId}/subcontractor/{subcontractorId}', {
              params: { path: { buildingId, subcontractorId }, query },
            })
          : api.POST('/construction/zip/{buildingId}', { params: { path: { buildingId }, query } }),
      );
    },
    onSuccess: () => void latest.refetch(),
  });
  const zip = latest.data;
  const dates = { format: formatsFor(i18n.language).dateTime };
  return (
    <div className="archive">
      <h3>{props.building.name}</h3>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          build.mutate(event.currentTarget);
        }}
      >
        <SubcontractorSelect
          name="subcontractor"
          label={t('construction.whose')}
          none={t('construction.allFiles')}
          subcontractors={props.subcontractors}
        />
        <DateField label={t('construction.since')} name="since" />
        <button type="submit" disabled={build.isPending}>
          {t('construction.buildZip')}
        </button>
      </form>
      {zip && (
        <p className="zip-state" role="status">
          {zip.status === 'queued' || zip.status === 'running' ? (
            <>
              {t(`construction.zipStatus.${zip.status}`)} <progress aria-label={t('construction.zipBuilding')} />
            </>
          ) : zip.status === 'failed' ? (
            <span className="bad">{t('construction.zipFailed', { detail: zip.error ?? '' })}</span>
          ) : (
            <>
              {t('construction.zipReady', {
                count: zip.fileCount ?? 0,
                size: formatsFor(i18n.language).fileSize(zip.size ?? 0),
                when: zip.readyAt ? dates.format(new Date(zip.readyAt)) : '',
              })}{' '}
              {zip.url && (
                <a href={zip.url} download>
                  {t('construction.downloadZip')}
                </a>
              )}
            </>
          )}
        </p>
      )}
      <Failure error={build.error ?? latest.error} />
    </div>
  );
}

/** the dry run's report first; the handover only after it, confirmed */
function Handover(props: { customerId: string; projectId: string; canHandOver: boolean }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const customer = useQuery({
    queryKey: ['customer', props.customerId],
    queryFn: () =>
      unwrap(api.GET('/construction/customers/{customerId}', { params: { path: { customerId: props.customerId } } })),
  });
  const [country, setCountry] = useState<'NO' | 'GB'>('NO');
  const [confirmed, setConfirmed] = useState(false);
  const ownerId = customer.data?.buildingOwnerId ?? null;
  const run = useMutation({
    mutationFn: (dryRun: boolean) =>
      unwrap(
        api.POST('/construction/customers/{customerId}/projects/{projectId}/handover', {
          params: { path: { customerId: props.customerId, projectId: props.projectId } },
          body: { buildingOwnerId: ownerId!, dryRun, country },
        }),
      ),
    onSuccess: (report) => {
      if (!report.dryRun) void queries.invalidateQueries({ queryKey: ['project', props.customerId, props.projectId] });
    },
  });
  return (
    <section aria-labelledby="handover-title">
      <h2 id="handover-title">{t('construction.handover')}</h2>
      {customer.data && !ownerId && <p>{t('construction.noTarget')}</p>}
      {ownerId && (
        <div className="inline-form">
          <label>
            {t('construction.checklist')}
            <select value={country} onChange={(event) => setCountry(event.target.value as 'NO' | 'GB')}>
              <option value="NO">{REGULATIONS.NO}</option>
              <option value="GB">{REGULATIONS.GB}</option>
            </select>
          </label>
          <button type="button" onClick={() => run.mutate(true)} disabled={run.isPending}>
            {t('construction.dryRun')}
          </button>
        </div>
      )}
      {run.data?.dryRun && (
        <>
          <HandoverReport report={run.data} />
          {props.canHandOver && (
            <div className="confirm-handover">
              <label className="check">
                <input type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
                {t('construction.confirmHandover', { owner: run.data.buildingOwner.name })}
              </label>
              <button type="button" disabled={!confirmed || run.isPending} onClick={() => run.mutate(false)}>
                {t('construction.handOver')}
              </button>
            </div>
          )}
        </>
      )}
      <Failure error={customer.error ?? run.error} />
    </section>
  );
}

/** after the handover: where the project went, and the report kept with it */
function HandedOver(props: { customerId: string; projectId: string }) {
  const { t, i18n } = useTranslation();
  const report = useQuery({
    queryKey: ['handover', props.projectId],
    queryFn: () =>
      unwrap(
        api.GET('/construction/customers/{customerId}/projects/{projectId}/handover', {
          params: { path: { customerId: props.customerId, projectId: props.projectId } },
        }),
      ),
  });
  const r = report.data;
  const dates = { format: formatsFor(i18n.language).dateTime };
  return (
    <section aria-labelledby="handover-title">
      <h2 id="handover-title">{t('construction.handover')}</h2>
      <Loaded loading={report.isPending} error={report.error} retry={() => void report.refetch()}>
        {r && (
          <>
            <p role="status" className="good">
              {t('construction.handedOver', {
                owner: r.buildingOwner.name,
                when: dates.format(new Date(r.at)),
                by: r.by.name,
              })}
            </p>
            <ul>
              {r.buildings.map((building) => (
                <li key={building.id}>
                  <Link to={`/owners/${r.buildingOwner.id}/buildings/${building.id}`}>{building.name}</Link>
                </li>
              ))}
            </ul>
            <p>
              <a
                href={`/construction/customers/${props.customerId}/projects/${props.projectId}/handover/report.pdf?locale=${i18n.language === 'nb' ? 'nb' : 'en'}`}
              >
                {t('construction.reportPdf')}
              </a>
            </p>
            <HandoverReport report={r} />
          </>
        )}
      </Loaded>
    </section>
  );
}

/** the handover report: the figures, per delivery and information type what came of it, what is incomplete */
function HandoverReport(props: { report: Report }) {
  const names = useReferenceNames();
  const { t, i18n } = useTranslation();
  const r = props.report;
  const size = (bytes: number) => formatsFor(i18n.language).fileSize(bytes);
  return (
    <article className="handover-report" aria-labelledby="report-title">
      <h3 id="report-title">
        {r.dryRun ? t('construction.dryRunReport') : t('construction.report')}: {r.project.name} →{' '}
        {r.buildingOwner.name}
      </h3>
      <dl className="figures">
        <div>
          <dt>{t('construction.buildings')}</dt>
          <dd>{r.summary.buildings}</dd>
        </div>
        <div>
          <dt>{t('construction.documents')}</dt>
          <dd>{r.summary.documents}</dd>
        </div>
        <div>
          <dt>{t('construction.size')}</dt>
          <dd>{size(r.summary.bytes)}</dd>
        </div>
        <div>
          <dt>{t('construction.approvedTypes')}</dt>
          <dd>
            {r.summary.informationTypesApproved} / {r.summary.informationTypesExpected}
          </dd>
        </div>
        <div>
          <dt>{t('construction.incomplete')}</dt>
          <dd>{r.summary.incomplete}</dd>
        </div>
      </dl>
      {r.incomplete.length > 0 && (
        <>
          <h4>{t('construction.incompleteTitle')}</h4>
          <ul className="incomplete">
            {r.incomplete.map((item, index) => (
              <li key={index}>{item.message}</li>
            ))}
          </ul>
        </>
      )}
      <h4>{t('projects.deliveries')}</h4>
      <div className="table-scroll">
        <table className="plain">
          <thead>
            <tr>
              <th>{t('construction.delivery')}</th>
              <th>{t('construction.informationTypes')}</th>
              <th>{t('construction.documents')}</th>
              <th>{t('construction.approval')}</th>
            </tr>
          </thead>
          <tbody>
            {r.deliveries.flatMap((delivery) =>
              delivery.informationTypes.map((type) => (
                <tr key={`${delivery.id}-${type.informationType}`}>
                  <td>
                    {delivery.label}
                    {delivery.subcontractor ? ` · ${delivery.subcontractor.companyName}` : ''}
                  </td>
                  <td>{names.type(type.informationType)}</td>
                  <td>{type.documents}</td>
                  <td>
                    {t(`projects.approval.${type.approvalStatus ?? 'none'}`)}
                    {type.verifiedBy ? ` · ${type.verifiedBy}` : ''}
                    {type.comment ? ` · “${type.comment}”` : ''}
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
      <h4>{t('construction.checklists')}</h4>
      <ul>
        {r.buildings.map((building) => (
          <li key={building.id}>
            {building.name}:{' '}
            {/* the checklist's internal version ("v2") means nothing to a reader: it stays on hover */}
            <span title={building.deficiencies.version}>
              {REGULATIONS[building.deficiencies.country as 'NO' | 'GB'] ?? building.deficiencies.country}
            </span>{' '}
            · {t('construction.checklistFigures', building.deficiencies)}
          </li>
        ))}
      </ul>
      <h4>{t('construction.files', { count: r.files.length })}</h4>
      <div className="table-scroll">
        <table className="plain">
          <thead>
            <tr>
              <th>{t('construction.path')}</th>
              <th>{t('construction.size')}</th>
              <th>MD5</th>
            </tr>
          </thead>
          <tbody>
            {r.files.map((file) => (
              <tr key={file.documentId}>
                <td>{file.path}</td>
                <td>{size(file.size)}</td>
                <td>
                  <code>{file.md5 ?? '–'}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" className="no-print" onClick={() => window.print()}>
        {t('construction.print')}
      </button>
    </article>
  );
}
