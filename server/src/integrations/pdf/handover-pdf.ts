/**
 * The handover report as a PDF a person can print and sign: A4, the standard Helvetica faces (no font files), the
 * same content as the JSON report: project and owner, summary, every delivery's information types with who approved
 * or declined them and when, what is incomplete, each building's deficiency checklist, and the manifest of every file
 * with its size and MD5. Text the standard fonts cannot show (outside Windows-1252) is replaced, never dropped.
 */
import { PageSizes, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { HandoverReport } from '../../domain/handover/handover-report.js';

export type HandoverPdfLocale = 'nb' | 'en';

const LABELS = {
  nb: {
    title: 'Overleveringsrapport',
    dryRun: 'PRØVEKJØRING: ingenting er overlevert',
    project: 'Prosjekt',
    customer: 'Entreprenør',
    owner: 'Byggeier',
    at: 'Tidspunkt',
    by: 'Overlevert av',
    summary: 'Sammendrag',
    buildings: 'Bygg',
    documents: 'Dokumenter',
    archived: 'arkiverte',
    size: 'Størrelse',
    deliveries: 'Leveranser',
    expected: 'Forventede informasjonstyper',
    delivered: 'levert',
    approved: 'godkjent',
    declined: 'avvist',
    incomplete: 'Mangler ved overlevering',
    none: 'Ingen',
    type: 'Informasjonstype',
    docs: 'Dok.',
    status: 'Status',
    verified: 'Godkjent/avvist av',
    subcontractor: 'Underentreprenør',
    deficiencies: 'Mangelrapport',
    complete: 'komplett',
    partial: 'delvis',
    missing: 'mangler',
    notApplicable: 'ikke relevant',
    manifest: 'Filmanifest',
    drawings: 'Gjeldende revisjoner',
    drawing: 'Tegning',
    current: 'Gjeldende',
    history: 'Tidligere revisjoner',
    path: 'Fil',
    page: 'Side',
    incompleteText: {
      'delivery.type_declined': (what: string, type: string) => `${what}: ${type} er avvist`,
      'delivery.type_missing': (what: string, type: string) => `${what}: ingen dokumenter av ${type} er levert`,
      'delivery.type_not_reviewed': (what: string, type: string) => `${what}: ${type} er levert, men ikke godkjent`,
      'document.corrupt': (what: string) => `${what}: filen kan ikke leses`,
      'document.upload_pending': (what: string) => `${what}: opplastingen ble registrert, men filen kom aldri`,
      'document.processing': (what: string) => `${what}: leses og klassifiseres fortsatt`,
      'building.empty': (what: string) => `${what}: ingen dokumenter`,
    },
  },
  en: {
    title: 'Handover report',
    dryRun: 'DRY RUN: nothing has been handed over',
    project: 'Project',
    customer: 'Contractor',
    owner: 'Building owner',
    at: 'When',
    by: 'Handed over by',
    summary: 'Summary',
    buildings: 'Buildings',
    documents: 'Documents',
    archived: 'archived',
    size: 'Size',
    deliveries: 'Deliveries',
    expected: 'Information types expected',
    delivered: 'delivered',
    approved: 'approved',
    declined: 'declined',
    incomplete: 'Incomplete at handover',
    none: 'None',
    type: 'Information type',
    docs: 'Docs',
    status: 'Status',
    verified: 'Approved/declined by',
    subcontractor: 'Subcontractor',
    deficiencies: 'Deficiency report',
    complete: 'complete',
    partial: 'partial',
    missing: 'missing',
    notApplicable: 'not applicable',
    manifest: 'File manifest',
    drawings: 'Current revisions',
    drawing: 'Drawing',
    current: 'Current',
    history: 'Earlier revisions',
    path: 'File',
    page: 'Page',
    incompleteText: null,
  },
} as const;

const MARGIN = 40;
const GREY = rgb(0.35, 0.35, 0.35);

/** Windows-1252 is what the standard fonts encode: anything else becomes '?' */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
function printable(text: string): string {
  return [...text.normalize('NFC')]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      if (ch === '\t' || ch === '\n' || ch === '\r') return ' ';
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) return ch;
      return '?';
    })
    .join('');
}

function bytes(size: number): string {
  if (size < 1024) return `${size} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = size / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

type Templates = (typeof LABELS)['nb']['incompleteText'];

/** an incomplete item in the report's language: the JSON's message is English */
function incompleteText(
  report: HandoverReport,
  item: HandoverReport['incomplete'][number],
  templates: Templates | null,
) {
  if (!templates) return item.message;
  const what =
    report.deliveries.find((d) => d.id === item.deliveryId)?.label ??
    report.files.find((f) => f.documentId === item.documentId)?.path ??
    report.buildings.find((b) => b.id === item.buildingId)?.name;
  return what === undefined ? item.message : templates[item.code](what, item.informationType ?? '');
}

class Writer {
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  private newPage() {
    this.page = this.pdf.addPage(PageSizes.A4);
    this.y = this.page.getHeight() - MARGIN;
  }

  private room(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  private fit(text: string, font: PDFFont, size: number, width: number): string {
    let shown = printable(text);
    if (font.widthOfTextAtSize(shown, size) <= width) return shown;
    while (shown.length > 1 && font.widthOfTextAtSize(`${shown}…`, size) > width) shown = shown.slice(0, -1);
    return `${shown}…`;
  }

  /** a paragraph, wrapped at words */
  text(text: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; gap?: number } = {}) {
    const size = options.size ?? 9;
    const font = options.bold ? this.bold : this.regular;
    const width = this.page.getWidth() - 2 * MARGIN;
    const words = printable(text).split(/\s+/);
    let line = '';
    const lines: string[] = [];
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    for (const shown of lines) {
      this.room(size + 3);
      this.y -= size + 3;
      this.page.drawText(this.fit(shown, font, size, width), {
        x: MARGIN,
        y: this.y,
        size,
        font,
        color: options.color ?? rgb(0, 0, 0),
      });
    }
    this.y -= options.gap ?? 2;
  }

  heading(text: string) {
    this.room(40);
    this.y -= 8;
    this.text(text, { size: 13, bold: true, gap: 4 });
  }

  /** one row of columns; widths are shares of the line */
  row(cells: string[], widths: number[], options: { bold?: boolean; size?: number } = {}) {
    const size = options.size ?? 8;
    const font = options.bold ? this.bold : this.regular;
    const width = this.page.getWidth() - 2 * MARGIN;
    this.room(size + 4);
    this.y -= size + 4;
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const cellWidth = width * widths[index]!;
      this.page.drawText(this.fit(cell, font, size, cellWidth - 4), { x, y: this.y, size, font });
      x += cellWidth;
    });
  }

  /** page numbers once everything is laid out */
  finish(label: string) {
    const pages = this.pdf.getPages();
    pages.forEach((page, index) => {
      page.drawText(`${label} ${index + 1} / ${pages.length}`, {
        x: page.getWidth() - MARGIN - 60,
        y: MARGIN / 2,
        size: 8,
        font: this.regular,
        color: GREY,
      });
    });
  }
}

export async function renderHandoverPdf(report: HandoverReport, locale: HandoverPdfLocale = 'nb'): Promise<Uint8Array> {
  const l = LABELS[locale];
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(`${l.title}: ${report.project.name}`));
  pdf.setSubject(printable(`${report.project.name} -> ${report.buildingOwner.name}`));
  pdf.setProducer('byggdok');
  pdf.setCreationDate(new Date(report.at));
  const w = new Writer(
    pdf,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
  );

  w.text(l.title, { size: 18, bold: true, gap: 6 });
  if (report.dryRun) w.text(l.dryRun, { bold: true, color: rgb(0.7, 0.1, 0.1) });
  const project = [report.project.projectNumber, report.project.name].filter(Boolean).join(' ');
  w.text(`${l.project}: ${project}`);
  w.text(`${l.customer}: ${report.project.customerName}`);
  w.text(`${l.owner}: ${report.buildingOwner.name} (${report.buildingOwner.id})`);
  w.text(`${l.at}: ${report.at}`);
  w.text(`${l.by}: ${report.by.name}`);
  if (report.id) w.text(`ID: ${report.id}`, { color: GREY });

  const s = report.summary;
  w.heading(l.summary);
  w.text(`${l.buildings}: ${s.buildings}`);
  w.text(`${l.documents}: ${s.documents} (${bytes(s.bytes)}); ${l.archived}: ${s.archivedDocuments}`);
  w.text(`${l.deliveries}: ${s.deliveries}`);
  w.text(
    `${l.expected}: ${s.informationTypesExpected}; ${l.delivered}: ${s.informationTypesDelivered}; ` +
      `${l.approved}: ${s.informationTypesApproved}; ${l.declined}: ${s.informationTypesDeclined}`,
  );
  w.text(`${l.incomplete}: ${s.incomplete}`, { bold: s.incomplete > 0 });

  w.heading(l.deliveries);
  if (report.deliveries.length === 0) w.text(l.none);
  for (const delivery of report.deliveries) {
    w.text(`${delivery.fullCategory} ${delivery.label}`, { bold: true, size: 10 });
    if (delivery.subcontractor) w.text(`${l.subcontractor}: ${delivery.subcontractor.companyName}`, { color: GREY });
    const widths = [0.3, 0.07, 0.15, 0.48];
    w.row([l.type, l.docs, l.status, l.verified], widths, { bold: true });
    for (const type of delivery.informationTypes) {
      const verified = [type.verifiedBy, type.verifiedAt, type.comment].filter(Boolean).join(', ');
      w.row([type.informationType, String(type.documents), type.approvalStatus ?? type.state, verified], widths);
    }
    w.text('', { gap: 4 });
  }

  w.heading(l.incomplete);
  if (report.incomplete.length === 0) w.text(l.none);
  for (const item of report.incomplete) w.text(`• ${incompleteText(report, item, l.incompleteText)}`);

  w.heading(l.deficiencies);
  for (const building of report.buildings) {
    const d = building.deficiencies;
    w.text(`${building.name}: ${building.documents} ${l.documents.toLowerCase()}`, { bold: true, size: 10 });
    w.text(
      `${d.country} ${d.version}: ${d.complete} ${l.complete}, ${d.partial} ${l.partial}, ${d.missing} ${l.missing}, ` +
        `${d.notApplicable} ${l.notApplicable}`,
    );
    for (const item of d.items) {
      w.text(`• [${item.status === 'missing' ? l.missing : l.partial}] ${item.name} (${item.laws}): ${item.comment}`);
    }
  }

  const drawings = report.drawings ?? [];
  if (drawings.length > 0) {
    w.heading(`${l.drawings} (${drawings.length})`);
    const columns = [0.22, 0.38, 0.4];
    w.row([l.drawing, l.current, l.history], columns, { bold: true, size: 7 });
    const label = (r: { filename: string; revision: string | null }) =>
      r.revision ? `${r.filename} (${r.revision})` : r.filename;
    for (const drawing of drawings)
      w.row([drawing.drawingNumber ?? '', label(drawing.current), drawing.history.map(label).join(', ')], columns, {
        size: 7,
      });
  }

  w.heading(`${l.manifest} (${report.files.length})`);
  const widths = [0.5, 0.1, 0.4];
  w.row([l.path, l.size, 'MD5'], widths, { bold: true, size: 7 });
  for (const file of report.files) w.row([file.path, bytes(file.size), file.md5 ?? ''], widths, { size: 7 });

  w.finish(l.page);
  return pdf.save();
}
