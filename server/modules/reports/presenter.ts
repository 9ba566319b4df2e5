import { formatMoney } from '../../../shared/money.js';
import type { StudentReportRow } from '../../../shared/contracts/reports.js';
import type { StudentReportDbRow } from './student-report-query.js';

/** Whole percent of the marked lessons attended; null when none was marked present, late or absent. */
export function attendanceRateOf(attended: number, missed: number): number | null {
  const marked = attended + missed;
  return marked === 0 ? null : Math.round((attended * 100) / marked);
}

export function presentStudentReportRow(r: StudentReportDbRow): StudentReportRow {
  const instruments = typeof r.instruments === 'string' ? JSON.parse(r.instruments) as StudentReportRow['instruments'] : r.instruments;
  return {
    _id: r.id!,
    first_name: r.first_name,
    last_name: r.last_name,
    status: r.active ? 'active' : 'inactive',
    scheduled: r.scheduled,
    attended: r.attended,
    missed: r.missed,
    banked: r.banked,
    attendanceRate: attendanceRateOf(r.attended, r.missed),
    practiceMinutes: Math.round(r.practice_seconds / 60),
    assignmentsDone: r.assignments_done,
    invoices: r.invoices,
    invoicedCents: Number(r.invoiced_cents),
    balanceCents: Number(r.balance_cents),
    instruments,
    quizAttempts: r.quiz_attempts ?? 0,
    quizBestPercent: r.quiz_best ?? null,
    quizLastPercent: r.quiz_last ?? null,
  };
}

/** One CSV line of a row, in STUDENT_REPORT_CSV_HEADER's order; money as the school's currency. */
export function studentReportCsvLine(row: StudentReportRow, currency: string): string[] {
  return [
    `${row.first_name} ${row.last_name}`, row.status === 'active' ? 'Active' : 'Inactive',
    String(row.scheduled), String(row.attended), String(row.missed), String(row.banked),
    row.attendanceRate === null ? '' : `${row.attendanceRate}%`, String(row.practiceMinutes), String(row.assignmentsDone),
    String(row.invoices), formatMoney(row.invoicedCents, currency), formatMoney(row.balanceCents, currency),
    row.instruments.map((i) => `${i.name} (${i.level})`).join('; '),
    String(row.quizAttempts), row.quizBestPercent === null ? '' : `${row.quizBestPercent}%`, row.quizLastPercent === null ? '' : `${row.quizLastPercent}%`,
  ];
}
