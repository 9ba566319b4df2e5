import type PDFDocument from 'pdfkit';

/*
 * The standard PDF fonts (Helvetica) encode WinAnsi only: a character outside it would print as
 * something else, so it prints as "?" instead. Text stays text (selectable, searchable).
 */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export const printable = (s: string) => [...s].map((c) => {
  const code = c.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(c) ? c : c === '\n' ? c : '?';
}).join('');

/** The document's bytes once `doc.end()` is called (call this first, then draw, then end). */
export function collectPdf(doc: InstanceType<typeof PDFDocument>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * One row of a money table: the first cell left-aligned at cols[0], the others right-aligned at
 * theirs; the cursor moves under the row, back to the left margin.
 */
export function pdfRow(doc: InstanceType<typeof PDFDocument>, cols: number[], widths: [first: number, rest: number], cells: string[], bold = false): void {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
  cells.forEach((c, i) => doc.text(c, cols[i]!, y, { width: i === 0 ? widths[0] : widths[1], align: i === 0 ? 'left' : 'right' }));
  doc.x = cols[0]!;
  doc.moveDown(0.4);
}
