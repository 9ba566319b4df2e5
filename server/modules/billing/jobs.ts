import type { ModuleJobsContext } from '../../lib/module-definition.js';
import { secretBoxOf } from '../../lib/secret-box.js';
import { ADD_LATE_FEES_JOB, addLateFees } from './late-fees/add-late-fees.js';
import { ISSUE_RECURRING_JOB, issueRecurringInvoices } from './recurring/issue-recurring-invoices.js';
import { AUTOPAY_JOB } from './family/autopay-job.js';

// A period starts at a school's midnight: a quarter of an hour late at most. Each sweep with nothing due is one index probe.
const RECURRING_SWEEP_MS = 15 * 60_000;
// A late fee is a matter of days: hourly is soon enough.
const LATE_FEE_SWEEP_MS = 60 * 60_000;

/** The timed jobs of recurring invoices and late fees; each is safe on several nodes at once. */
export function registerRecurringAndLateFeeJobs({ jobs, db, config, onError }: ModuleJobsContext): void {
  const box = secretBoxOf(config);
  jobs.register(ISSUE_RECURRING_JOB, async () => {
    const issued = await issueRecurringInvoices(db, box, config.appUrl, {
      onError: (id, error) => onError(`${ISSUE_RECURRING_JOB} ${id}`, error),
    });
    // A period due today is charged by autopay now, not at its next sweep.
    if (issued > 0) jobs.trigger(AUTOPAY_JOB);
  }, RECURRING_SWEEP_MS);
  jobs.register(ADD_LATE_FEES_JOB, () => addLateFees(db, box, config.appUrl, {
    onError: (id, error) => onError(`${ADD_LATE_FEES_JOB} ${id}`, error),
  }), LATE_FEE_SWEEP_MS);
}
