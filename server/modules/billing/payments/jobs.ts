import type { ModuleJobsContext } from '../../../lib/module-definition.js';
import { RECONCILE_JOB, RECONCILE_SWEEP_MS, reconcilePendingPayments } from './reconcile-pending.js';

/** The payments part's timed job: attempts whose gateway answer was lost are settled within minutes. */
export function registerPaymentJobs({ jobs, db, config }: ModuleJobsContext): void {
  jobs.register(RECONCILE_JOB, () => reconcilePendingPayments(db, { config }), RECONCILE_SWEEP_MS);
}
