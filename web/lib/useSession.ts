import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession, type Session } from './session';

/** The current session, re-rendering on sign-in, sign-out and login-as changes. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession);
}

/** For pages of the signed-in area, which the router mounts only while a session exists. */
export function useRequiredSession(): Session {
  const session = useSession();
  if (!session) throw new Error('This page needs a signed-in user');
  return session;
}
