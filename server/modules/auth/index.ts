/**
 * The auth module's one entry: sign-in, sessions, login-as, password reset and verification,
 * and the accounts that staff make (their invitation and its single-use link).
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { authRoutes } from './routes.js';

export const auth: ModuleDefinition = { name: 'auth', routes: [{ plugin: authRoutes }] };

export {
  assertEmailFreeInSchool, assertUsernameFree, createInvitedUser, createInvitedUsers, freeUsernameFor, reinviteAfterEmailChange, resendInvitation, rethrowUniqueUser,
  takenUsernames,
  type NewInvitedUser,
} from './user-accounts.js';
export { issueUserToken } from './user-tokens.js';
/** A self-registered school's owner: signed in at once, their address to verify (decision 076). */
export { queueVerificationEmail, startNewOwnerSession } from './service.js';
/** The users and sessions tables' writes for other modules (decision 058). */
export {
  createAccount, deactivateSchoolAccounts, deleteAccount, endOtherSessionsOf, endSessionsOf, endSessionsOfSchool, setNotificationsOn, updateAccount,
  updateAccountReturning, type AccountChanges, type NewAccount,
} from './account-rows.js';
/** How many account lookups an address may make a minute (tests of the proxy settings count them). */
export { checkResendInvitationAllowed, INVITATION_LIMITS, LOOKUP_LIMITS } from './login-throttle.js';
