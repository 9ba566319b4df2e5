/**
 * A whole-school export and a family's own (issue 30, decision 092): the request, its job and its
 * download. One .zip: a CSV a table (export-tables.ts), the uploaded files, a README.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { BUILD_DATA_EXPORTS_JOB, buildDataExports, DATA_EXPORT_SWEEP_MS } from './build-export.js';
import { dataExportRoutes } from './routes.js';

export const dataExport: ModuleDefinition = {
  name: 'data-export',
  routes: [{ plugin: dataExportRoutes }],
  jobs: ({ jobs, db, storage, onError }) =>
    jobs.register(BUILD_DATA_EXPORTS_JOB, () => buildDataExports({ db, storage, onError }), DATA_EXPORT_SWEEP_MS),
};

export { BUILD_DATA_EXPORTS_JOB, buildDataExports } from './build-export.js';
export { EXPORT_TABLES } from './export-tables.js';
