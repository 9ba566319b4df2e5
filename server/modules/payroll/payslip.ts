import PDFDocument from 'pdfkit';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { payrollAdjustments, payrollLines, schools } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { collectPdf, pdfRow, printable } from '../../lib/pdf.js';
import { formatMoney } from '../../../shared/money.js';
import { LESSON_KIND_LABELS, type LessonKind } from '../../../shared/contracts/payroll.js';
import { approvedRowOf } from './approved-report.js';
import { assertPayroll } from './payroll-guard.js';
import { signedCents } from './presenter.js';

const INK = '#1f2933';
const MUTED = '#616e7c';

/** One teacher's payslip of an approved payroll, a vector PDF like the invoice's (standard fonts, text selectable). */
export async function payslipPdf(tx: Tx, actor: Actor, payrollId: string, teacherId: string): Promise<{ filename: string; pdf: Buffer }> {
  const adminId = assertPayroll(actor);
  const row = await approvedRowOf(tx, adminId, payrollId, teacherId);
  const [school] = await tx.select({ name: schools.schoolName }).from(schools).where(eq(schools.adminId, adminId));
  const lines = await tx.select().from(payrollLines).where(and(eq(payrollLines.payrollId, payrollId), eq(payrollLines.teacherId, teacherId))).orderBy(asc(payrollLines.lessonKind));
  const adjustments = await tx.select().from(payrollAdjustments)
    .where(and(eq(payrollAdjustments.payrollId, payrollId), eq(payrollAdjustments.teacherId, teacherId))).orderBy(asc(payrollAdjustments.createdAt));
  const teacher = `${row.first_name} ${row.last_name}`;

  const doc = new PDFDocument({ size: 'LETTER', margin: 50, compress: true, info: { Title: `Payslip ${row.period_from} to ${row.period_to}`, Subject: `Payslip for ${printable(teacher)}` } });
  const done = collectPdf(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text(printable(school?.name ?? ''), left, 50);
  doc.fontSize(14).text('Payslip');
  doc.font('Helvetica').fontSize(10).fillColor(MUTED)
    .text(`Teacher: ${printable(teacher)}`).text(`Period: ${row.period_from} to ${row.period_to}`).text(`Approved: ${row.approved_on}`);
  doc.moveDown(1.5).fillColor(INK);

  const cols = [left, left + width * 0.5, left + width * 0.65, left + width * 0.82];
  const cell = (cells: string[], bold = false) => pdfRow(doc, cols, [width * 0.48, width * 0.16], cells, bold);
  cell(['Lessons', 'Count', 'Rate', 'Amount'], true);
  for (const l of lines) cell([LESSON_KIND_LABELS[l.lessonKind as LessonKind] ?? l.lessonKind, String(l.lessonCount), formatMoney(l.rateCents), formatMoney(l.amountCents)]);
  if (adjustments.length > 0) {
    doc.moveDown(0.8);
    cell(['Adjustments', '', '', 'Amount'], true);
    for (const a of adjustments) cell([`${a.kind === 'bonus' ? 'Bonus' : 'Deduction'}: ${printable(a.reason)}`, '', '', formatMoney(signedCents(a))]);
  }
  doc.moveDown(0.8);
  cell(['Total', '', '', formatMoney(row.lessons_cents + row.adjustments_cents)], true);
  doc.end();
  const safeName = teacher.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'teacher';
  return { filename: `payslip-${safeName}-${row.period_from}.pdf`, pdf: await done };
}
