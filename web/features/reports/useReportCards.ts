import { hubPathFor, reportCardsFor } from '../../../shared/report-cards';
import { useOpens } from '../../lib/openablePaths';
import { useRequiredSession } from '../../lib/useSession';

/** The report cards the signed-in user (in login-as, the one acted as) may open, and where their hub is. */
export function useReportCards() {
  const { user } = useRequiredSession();
  const opens = useOpens();
  return {
    cards: reportCardsFor({ role: user.role, allowPayrollReport: Boolean(user.allow_payroll_report), opens }),
    hubPath: hubPathFor(opens),
  };
}
