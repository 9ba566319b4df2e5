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
