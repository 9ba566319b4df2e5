import { useMemo } from 'react';
import { useSession } from '../../lib/useSession';
import { mountedRoutes, type MountedRoute } from './mountedRoutes';

/** The signed-in area's routes; in a login-as session the impersonated user's role decides. */
export function useMountedRoutes(): MountedRoute[] {
  const role = useSession()?.user.role;
  return useMemo(() => mountedRoutes(role), [role]);
}
