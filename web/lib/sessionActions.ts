/**
 * The three ways the signed-in identity changes from the UI: signing out, starting a login-as
 * session and leaving it. Each drops the cached server data first: it belongs to the identity
 * that fetched it, and the layout remounts every page for the new identity, which then fetches
 * afresh. (Resetting instead would refetch the old page's queries with the new token.)
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AUTH_ROUTES } from '../../shared/contracts/auth';
import { homePathFor } from '../../shared/roles';
import { errorMessage } from './api';
import { callApi } from './callApi';
import { LOGIN_AS_TOKEN_COOKIE, TOKEN_COOKIE, readCookie } from './cookies';
import { actingUser, endLoginAs, signOut, startLoginAs, type Session } from './session';
import { notifyError } from './notify';
import { endBrowserPushSubscription } from './browserPushSubscription';

/** Ends one server session; an already expired one is fine, so failures are ignored. */
async function logoutToken(token: string | null): Promise<void> {
  if (!token) return;
  await callApi(AUTH_ROUTES.logout, { auth: { token } }).catch(() => undefined);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () =>
      Promise.all([
        logoutToken(readCookie(LOGIN_AS_TOKEN_COOKIE)),
        logoutToken(readCookie(TOKEN_COOKIE)),
        // The server drops the device with the session; the browser's subscription ends with it.
        endBrowserPushSubscription().catch(() => null),
      ]),
    onSettled: () => {
      queryClient.clear();
      signOut();
      navigate('/login', { replace: true });
    },
  });
}

export function useStartLoginAs() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (userId: string) =>
      (await callApi(AUTH_ROUTES.loginAs, { body: { userId } })).data,
    onSuccess: (result) => {
      queryClient.clear();
      startLoginAs(result);
      navigate(homePathFor(result.user.role));
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
}

export function useEndLoginAs() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => logoutToken(readCookie(LOGIN_AS_TOKEN_COOKIE)),
    onSettled: () => {
      const actor = actingUser();
      queryClient.clear();
      endLoginAs();
      navigate(homePathFor(actor?.role));
    },
  });
}

/** Who may act as someone else (docs/domains/roles-and-navigation.md "What it does"); never from inside a login-as session. */
export function canActAsOthers(session: Session): boolean {
  return session.actor === null && session.user.permissions.actsAsOthers;
}
