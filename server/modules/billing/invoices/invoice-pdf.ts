import PDFDocument from 'pdfkit';
import { amountDueCents, formatMoney } from '../../../../shared/money.js';
import { collectPdf, printable } from '../../../lib/pdf.js';

/** What the invoice PDF prints: every value already in the school's words and clock. */
export type InvoicePdfFacts = {
  number: string;
  /** The status as people read it ("Open", "Paid", "Void"). */
  statusLabel: string;
  school: { name: string; address: string[]; phone: string };
  billTo: { name: string; email: string | null; address: string[] };
  /** The student the invoice is for, when someone else pays it. */
  studentName: string | null;
  issuedOn: string;
  dueOn: string;
  lines: { description: string; quantity: number; unitPriceCents: number; amountCents: number }[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  paidCents: number;
  currency: string;
  /** Shown while there is a balance to pay. */
  payLink: string | null;
  note: string;
  testMode: boolean;
  /** A void invoice owes nothing. */
  voided: boolean;
};

const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#d9dee3';

/** The invoice as a vector PDF (A4-wide Letter page, standard fonts, text selectable). */
export function renderInvoicePdf(f: InvoicePdfFacts): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER', margin: 50, compress: true,
    info: { Title: `Invoice ${f.number}`, Author: printable(f.school.name), Subject: `Invoice ${f.number} for ${printable(f.billTo.name)}` },
  });
  const done = collectPdf(doc);
  const money = (cents: number) => formatMoney(cents, f.currency);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;

  // Header: the school on the left, the invoice's number and dates on the right.
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text(printable(f.school.name), left, 50, { width: width * 0.55 });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  for (const line of [...f.school.address, f.school.phone].filter(Boolean)) doc.text(printable(line), { width: width * 0.55 });
  const headerBottom = doc.y;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(`Invoice ${f.number}`, left + width * 0.55, 50, { width: width * 0.45, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  const facts: [string, string][] = [['Status', f.statusLabel], ['Issued', f.issuedOn], ['Due', f.dueOn]];
  if (f.testMode) facts.push(['Mode', 'Test mode (sandbox)']);
  for (const [label, value] of facts) doc.text(`${label}: ${value}`, { width: width * 0.45, align: 'right' });
  doc.y = Math.max(headerBottom, doc.y) + 20;

  // Bill to.
  doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED).text('BILL TO', left);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text(printable(f.billTo.name));
  doc.font('Helvetica').fontSize(10);
  for (const line of [...f.billTo.address, f.billTo.email ?? ''].filter(Boolean)) doc.text(printable(line));
  if (f.studentName) doc.text(`For: ${printable(f.studentName)}`);
  doc.moveDown(1.5);

  // The lines.
  const cols = { description: left, quantity: left + width * 0.58, unit: left + width * 0.68, amount: left + width * 0.84 };
  const colWidth = { description: width * 0.56, quantity: width * 0.1, unit: width * 0.16, amount: width * 0.16 };
  const row = (cells: [string, string, string, string], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor(INK);
    doc.text(cells[0], cols.description, y, { width: colWidth.description });
    const bottom = doc.y;
    doc.text(cells[1], cols.quantity, y, { width: colWidth.quantity, align: 'right' });
    doc.text(cells[2], cols.unit, y, { width: colWidth.unit, align: 'right' });
    doc.text(cells[3], cols.amount, y, { width: colWidth.amount, align: 'right' });
    doc.y = Math.max(bottom, doc.y) + 6;
    doc.x = left;
  };
  const rule = () => {
    doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.y += 6;
  };
  row(['Description', 'Qty', 'Unit price', 'Amount'], true);
  rule();
  for (const l of f.lines) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
    row([printable(l.description), String(l.quantity), money(l.unitPriceCents), money(l.amountCents)]);
  }
  rule();

  // Totals, right-aligned under the amounts.
  const total = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 12 : 10).fillColor(INK);
    doc.text(label, cols.quantity - width * 0.1, y, { width: width * 0.36, align: 'right' });
    doc.text(value, cols.amount, y, { width: colWidth.amount, align: 'right' });
    doc.y += 4;
    doc.x = left;
  };
  const balance = f.voided ? 0 : amountDueCents(f.totalCents, f.paidCents);
  total('Subtotal', money(f.subtotalCents));
  if (f.discountCents > 0) total('Discount', `-${money(f.discountCents)}`);
  total('Total', money(f.totalCents));
  total('Paid', money(f.paidCents));
  total('Balance due', money(balance), true);
  doc.moveDown(2);

  if (f.payLink && balance > 0) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text('Pay online', left, doc.y, { width });
    doc.font('Helvetica').fillColor('#364fc7').text(f.payLink, { width, link: f.payLink, underline: true });
    doc.fillColor(INK).moveDown(1);
  }
  if (f.note.trim() !== '') {
    doc.font('Helvetica-Bold').fontSize(10).text('Note', left, doc.y, { width });
    doc.font('Helvetica').text(printable(f.note), { width });
  }
  doc.end();
  return done;
}
