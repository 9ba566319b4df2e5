import PDFDocument from 'pdfkit';
import { collectPdf, pdfRow, printable } from '../../lib/pdf.js';
import type { StoreInvoice } from '../../../shared/contracts/store-invoices.js';

const INK = '#1f2933';
const MUTED = '#616e7c';
const dollars = (n: number) => `$${n.toFixed(2)}`;

/** The invoice page as a vector PDF (standard fonts, text selectable), like payroll's payslip. */
export async function invoicePdf(inv: StoreInvoice): Promise<{ filename: string; pdf: Buffer }> {
  const title = inv.type === 1 ? `Invoice ${inv.order_number}` : `Vendor Invoice ${inv.order_number}`;
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, compress: true, info: { Title: title } });
  const done = collectPdf(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text(printable(title), left, 50);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`Date: ${inv.createdAt.slice(0, 10)}`);
  doc.moveDown(0.8).fillColor(INK);
  const a = inv.addressId;
  if (inv.type === 1) {
    doc.font('Helvetica-Bold').text(printable(inv.userId.school_name));
    doc.font('Helvetica').text('Bill to:');
  } else {
    const s = inv.seller;
    doc.font('Helvetica-Bold').text('Seller:');
    doc.font('Helvetica').text(printable(`${s.first_name} ${s.last_name}`.trim())).text(printable(s.address)).text(printable(`${s.state} ${s.postal_code}`)).text(printable(s.cell_phone));
    doc.moveDown(0.5).font('Helvetica-Bold').text('Ship to:').font('Helvetica');
  }
  doc.text(printable(`${a.first_name} ${a.last_name}`)).text(printable([a.address1, a.address2].filter(Boolean).join(', ')))
    .text(printable(`${a.city}, ${a.state} ${a.postal_code}, ${a.country}`)).text(printable(`${a.cellPhone}  ${a.email}`));
  doc.moveDown(1);

  const cols = [left, left + width * 0.5, left + width * 0.66, left + width * 0.82];
  const cell = (cells: string[], bold = false) => pdfRow(doc, cols, [width * 0.48, width * 0.16], cells, bold);
  cell(['Item', 'Price', 'Quantity', 'Total'], true);
  for (const i of inv.items) {
    const name = i.storeId.item_code ? `${i.storeId.item_name} (${i.storeId.item_code})` : i.storeId.item_name;
    cell([printable(name), dollars(i.price), String(i.quantity), dollars(i.total)]);
  }
  doc.moveDown(0.6);
  cell(['Sub Total', '', '', dollars(inv.subTotal)]);
  cell(['Tax', '', '', dollars(inv.taxApplicable)]);
  if (inv.type === 1) cell(['Shipping', '', '', dollars(inv.totalShippingCost)]);
  cell(['Grand Total', '', '', dollars(inv.grandTotal)], true);
  doc.moveDown(1).font('Helvetica').fillColor(MUTED).text(printable(inv.terms), left);
  doc.end();
  return { filename: `${inv.type === 1 ? 'invoice' : 'vendor-invoice'}-${inv.order_number.replace(/[^0-9]/g, '')}.pdf`, pdf: await done };
}
