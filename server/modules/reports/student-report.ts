import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { forbidden } from '../../lib/http-errors.js';
import type { Actor } from '../../lib/actor.js';
import { toCsv } from '../../lib/csv.js';
import { studentReportReach, type StudentReportReach } from '../../policies/reports.js';
import {
  STUDENT_REPORT_CSV_HEADER, type StudentReportAnswer, type studentReportFilters, type studentReportListBody,
} from '../../../shared/contracts/reports.js';
import { presentStudentReportRow, studentReportCsvLine } from './presenter.js';
import { selectStudentReport } from './student-report-query.js';
import { NO_SCHOOL_ZONE } from '../../../shared/school-clock.js';

/** A school's students fit many times over; the cap keeps one request from reading without end. */
const EXPORT_MAX_ROWS = 20_000;

function requireReach(actor: Actor): StudentReportReach {
  const reach = studentReportReach(actor);
  if (!reach) throw forbidden();
  return reach;
}

/** One page of the student report (POST /api/reporting/getStudentReport). */
export async function getStudentReport(tx: Tx, actor: Actor, q: z.output<typeof studentReportListBody>): Promise<StudentReportAnswer> {
  const reach = requireReach(actor);
  const rows = await selectStudentReport(tx, actor, reach, q, { limit: q.limit, offset: (q.page - 1) * q.limit });
  const head = rows[0];
  const students = rows.filter((r) => r.id !== null);
  return {
    results: students.map(presentStudentReportRow),
    page: q.page,
    limit: q.limit,
    // Past the last page the window counts nothing: the total is then unknown from this query alone.
    totalCount: students[0]?.total ?? (q.page === 1 ? 0 : await countPast(tx, actor, reach, q)),
    currency: head?.currency ?? 'USD',
    timeZone: head?.zone ?? NO_SCHOOL_ZONE,
  };
}

async function countPast(tx: Tx, actor: Actor, reach: StudentReportReach, q: z.output<typeof studentReportListBody>): Promise<number> {
  const [first] = await selectStudentReport(tx, actor, reach, q, { limit: 1, offset: 0 });
  return first?.total ?? 0;
}

/** Every row of the filters as CSV (POST /api/reporting/exportStudentReport). */
export async function exportStudentReport(tx: Tx, actor: Actor, f: z.output<typeof studentReportFilters>): Promise<string> {
  const reach = requireReach(actor);
  const rows = await selectStudentReport(tx, actor, reach, f, { limit: EXPORT_MAX_ROWS, offset: 0 });
  const currency = rows[0]?.currency ?? 'USD';
  const lines = rows.filter((r) => r.id !== null).map((r) => studentReportCsvLine(presentStudentReportRow(r), currency));
  return toCsv([[...STUDENT_REPORT_CSV_HEADER], ...lines]);
}
