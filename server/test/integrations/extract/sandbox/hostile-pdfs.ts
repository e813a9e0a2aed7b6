/** PDFs that make a parser spin or allocate, written byte by byte (no library would write them). */

function assemble(objects: string[]): Buffer {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const page = (contents: string, resources: string) =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources ${resources} >>`;
const stream = (content: string) => `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
const font = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** a page tree whose /Kids name one page `times` times: pdf.js reads it as that many pages */
export function repeatedPagePdf(times: number): Buffer {
  const kids = Array.from({ length: times }, () => '3 0 R').join(' ');
  return assemble([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${times} >>`,
    page('4 0 R', '<< /Font << /F1 5 0 R >> >>'),
    stream('BT /F1 12 Tf 72 720 Td (Brannteknisk notat) Tj ET'),
    font,
  ]);
}

/** a page tree that contains itself */
export function selfReferencingPdf(): Buffer {
  return assemble([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 1000000 >>',
    page('4 0 R', '<< /Font << /F1 5 0 R >> >>'),
    stream('BT /F1 12 Tf 72 720 Td (Side) Tj ET'),
    font,
  ]);
}

/** one page showing an image declared as 60,000 x 60,000 pixels in a stream of a few bytes */
export function hugeImagePdf(): Buffer {
  return assemble([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    page('4 0 R', '<< /XObject << /Im1 5 0 R >> >>'),
    stream('q 500 0 0 700 40 60 cm /Im1 Do Q'),
    '<< /Type /XObject /Subtype /Image /Width 60000 /Height 60000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length 4 >>\nstream\nabcd\nendstream',
  ]);
}
