import { useMemo } from 'react';
import type { MenuContext } from '../../shared/menus';
import type { Session } from './session';

/** The menu is the shown user's (the impersonated one in login-as mode); actorRole tells it who acts. */
export function useMenuContext(session: Session): MenuContext {
  const { user, actor } = session;
  return useMemo(
    () => ({
      role: user.role,
      addrole: user.addrole,
      showStore: user.showStore,
      allowPayrollReport: user.allow_payroll_report,
      actorRole: actor?.role ?? null,
    }),
    [user.role, user.addrole, user.showStore, user.allow_payroll_report, actor?.role],
  );
}
