import PDFDocument from 'pdfkit';
import { collectPdf, pdfRow, printable } from '../../lib/pdf.js';
import type { StoreInvoice } from '../../../shared/contracts/store-invoices.js';
import { formatMoney } from '../../../shared/money.js';
import type { StoreInvoiceMoney } from './invoice-service.js';

const INK = '#1f2933';
const MUTED = '#616e7c';

/**
 * The invoice page as a vector PDF (standard fonts, text selectable), like payroll's payslip. Its
 * amounts are the order's cents in the order's currency, never the JSON's dollars read back.
 */
export async function invoicePdf(inv: StoreInvoice, money: StoreInvoiceMoney): Promise<{ filename: string; pdf: Buffer }> {
  const amount = (cents: number) => formatMoney(cents, money.currency);
  const centsOfItem = new Map(money.items.map((i) => [i.id, i]));
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
    const cents = centsOfItem.get(i._id)!;
    cell([printable(name), amount(cents.unitPriceCents), String(i.quantity), amount(cents.lineTotalCents)]);
  }
  doc.moveDown(0.6);
  cell(['Sub Total', '', '', amount(money.subtotalCents)]);
  cell(['Tax', '', '', amount(money.taxCents)]);
  if (inv.type === 1) cell(['Shipping', '', '', amount(money.shippingCents)]);
  cell(['Grand Total', '', '', amount(money.grandTotalCents)], true);
  doc.moveDown(1).font('Helvetica').fillColor(MUTED).text(printable(inv.terms), left);
  doc.end();
  return { filename: `${inv.type === 1 ? 'invoice' : 'vendor-invoice'}-${inv.order_number.replace(/[^0-9]/g, '')}.pdf`, pdf: await done };
}
