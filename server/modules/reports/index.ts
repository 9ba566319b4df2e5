/**
 * The reports module's one entry (issue 15): the student report, one row a student for a period
 * across scheduling, practice and billing. It reads those domains' tables in its own statement
 * (as the attendance and payments reports read theirs) and "whose students" from relations.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { studentReportRoutes } from './routes.js';

export const reports: ModuleDefinition = { name: 'reports', routes: [{ plugin: studentReportRoutes }] };

/** The report's statement, for the bench's bare baseline (the same text as the app's). */
export { studentReportSql } from './student-report-query.js';
