import { z } from 'zod';
import { ADDROLES, ROLES, ROLES_THAT_MAY_ACT } from '../roles.js';
import { EMAIL_MAX, NAME_MAX, PASSWORD_INPUT_MAX, PASSWORD_MIN, RESET_PASSWORD_MAX, TOKEN_MAX } from '../constants.js';
import { requiredRawString, requiredString, searchField, uuid } from './common.js';
import { defineRoute, listResultOf, noData, redirectResponse } from './route.js';
import { sessionPermissions } from './session-permissions.js';

/** Every username the server reads to sign in or look up is at most this long (docs/domains/accounts.md "Rules": 100). */
export const SIGN_IN_USERNAME_MAX = NAME_MAX;

/** The owner of a deactivated school: their school is the one inactive, and the provider reactivates it (decision 076). */
export const schoolInactiveMessage = (provider: string) => `Your school is inactive on Cadenza. Please contact ${provider} to reactivate it.`;

/** Messages of docs/domains/accounts.md "Rules", "Messages", used by the forms and by the server alike. */
export const AUTH_MESSAGES = {
  usernameRequired: 'Username is Required',
  usernameOrEmailRequired: 'Enter your username or email address',
  leadingWhitespace: 'as first character whiteSpace not allowed',
  passwordRequired: 'Password is Required',
  userNotFound: 'User Not Found',
  wrongPassword: 'Incorrect Password',
  inactive: 'Your account is inactive. Please contact your school.',
  loginSuccess: 'Login Successfully',
  logoutSuccess: 'Logout Successfully',
  forgotSent: 'Reset password link has been sent to your mail successfully please check the mail.',
  resetSuccess: 'Password Reset Successfully.',
  resetInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  invitationInvalid: 'This invitation link is invalid, was already used or has expired. Please ask your school to send a new one.',
  invitationAccepted: 'Welcome to Cadenza',
  passwordMin: 'Password should be at-least 8 characters.',
  passwordMax: 'Password should allow only 50 characters.',
  passwordWeak: 'Your password isn’t strong enough. Please try making it Stronger',
  resetPasswordWeak: 'Your password isn’t strong enough. Please include uppercase and numbers.',
  confirmRequired: 'Confirm password is Required',
  passwordsMatch: 'Passwords should match!',
  currentPasswordRequired: 'Current Password is Required',
  currentPasswordWrong: 'Current Password is incorrect',
  passwordChanged: 'Password Changed Successfully',
  tooManyLogins: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  tooManyResets: 'Too many reset requests. Please wait a few minutes and try again.',
  tooManyVerifyEmails: 'Too many verification emails. Please wait an hour and try again.',
  tooManyInvitations: 'Too many invitations sent. Please wait an hour and try again.',
  usernameMax: 'Username should allow only 100 characters.',
  emailCheckSignedOut: 'Sign in to check an email address',
  loginAsStarted: 'Login as started',
  loginAsNotAllowed: 'You may not sign in as this user',
  verifySent: 'Verification email sent successfully',
  alreadyVerified: 'This account is already verified',
  sessionExpired: 'Your session has expired. Please sign in again.',
} as const;

/** docs/domains/accounts.md "Rules": a digit, a lower-case and an upper-case letter, a symbol, and no whitespace. */
export const PASSWORD_SYMBOLS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?~`';
export function isStrongPassword(value: string): boolean {
  return (
    /\d/.test(value) &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    !/\s/.test(value) &&
    [...value].some((ch) => PASSWORD_SYMBOLS.includes(ch))
  );
}

// Bounded first: nothing else (the limits, the lookup) sees an unbounded username.
const signInNameField = (requiredMessage: string) => requiredRawString(requiredMessage)
  .max(SIGN_IN_USERNAME_MAX, AUTH_MESSAGES.usernameMax)
  .refine((v) => !/^\s/.test(v), AUTH_MESSAGES.leadingWhitespace)
  .transform((v) => v.trim());
export const usernameField = signInNameField(AUTH_MESSAGES.usernameRequired);

export const loginBody = z.object({
  username: usernameField,
  password: requiredRawString(AUTH_MESSAGES.passwordRequired).max(PASSWORD_INPUT_MAX, AUTH_MESSAGES.wrongPassword),
  remember: z.boolean().optional().default(false),
});
export type LoginBody = z.input<typeof loginBody>;

/** `username` holds a username or an email address (docs/domains/accounts.md "Rules"); the field keeps its name. */
export const forgotPasswordBody = z.object({ username: signInNameField(AUTH_MESSAGES.usernameOrEmailRequired) });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

/** A new password: the length bounds and the strength rule of docs/domains/accounts.md "Rules". */
export function newPasswordField(weakMessage: string) {
  return requiredRawString(AUTH_MESSAGES.passwordRequired)
    .min(PASSWORD_MIN, AUTH_MESSAGES.passwordMin)
    .max(RESET_PASSWORD_MAX, AUTH_MESSAGES.passwordMax)
    .refine(isStrongPassword, weakMessage);
}

const confirmField = requiredRawString(AUTH_MESSAGES.confirmRequired).max(PASSWORD_INPUT_MAX, AUTH_MESSAGES.passwordsMatch);

/** The reset form's fields; the id comes from the path /resetpassword/{id}. */
export const resetPasswordForm = z
  .object({
    newPassword: newPasswordField(AUTH_MESSAGES.resetPasswordWeak),
    confirm_password: confirmField,
  })
  .refine((v) => v.newPassword === v.confirm_password, {
    message: AUTH_MESSAGES.passwordsMatch,
    path: ['confirm_password'],
  });
export type ResetPasswordForm = z.input<typeof resetPasswordForm>;

/**
 * The invitation a new member opens from their email (issue 10): /acceptinvitation/{id} names the
 * school and the username, and accepting it sets the password and signs them in.
 *   POST /api/auth/invitation        {id}                                  → Invitation
 *   POST /api/auth/acceptInvitation  {id, newPassword, confirm_password}   → LoginResult
 */
export const invitationBody = z.object({
  id: requiredString(AUTH_MESSAGES.invitationInvalid).max(TOKEN_MAX, AUTH_MESSAGES.invitationInvalid),
});
export const invitation = z.object({ school_name: z.string(), username: z.string(), first_name: z.string() });
export type Invitation = z.infer<typeof invitation>;

export const resetPasswordBody = z
  .object({
    id: requiredString(AUTH_MESSAGES.resetInvalid).max(TOKEN_MAX, AUTH_MESSAGES.resetInvalid),
    newPassword: newPasswordField(AUTH_MESSAGES.resetPasswordWeak),
    confirm_password: confirmField,
  })
  .refine((v) => v.newPassword === v.confirm_password, {
    message: AUTH_MESSAGES.passwordsMatch,
    path: ['confirm_password'],
  });

export const acceptInvitationBody = z
  .object({
    id: requiredString(AUTH_MESSAGES.invitationInvalid).max(TOKEN_MAX, AUTH_MESSAGES.invitationInvalid),
    newPassword: newPasswordField(AUTH_MESSAGES.resetPasswordWeak),
    confirm_password: confirmField,
  })
  .refine((v) => v.newPassword === v.confirm_password, {
    message: AUTH_MESSAGES.passwordsMatch,
    path: ['confirm_password'],
  });

export const changePasswordBody = z
  .object({
    currentPassword: requiredRawString(AUTH_MESSAGES.currentPasswordRequired).max(PASSWORD_INPUT_MAX, AUTH_MESSAGES.currentPasswordWrong),
    newPassword: newPasswordField(AUTH_MESSAGES.passwordWeak),
    confirm_password: confirmField,
  })
  .refine((v) => v.newPassword === v.confirm_password, {
    message: AUTH_MESSAGES.passwordsMatch,
    path: ['confirm_password'],
  });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const checkValidationBody = z.object({
  type: z.enum(['username', 'email'], { error: 'type must be username or email' }),
  value: requiredString('Value is Required').max(EMAIL_MAX, `Value should allow only ${EMAIL_MAX} characters.`),
}).refine((v) => v.type !== 'username' || v.value.length <= SIGN_IN_USERNAME_MAX, { message: AUTH_MESSAGES.usernameMax, path: ['value'] });

export const loginAsBody = z.object({ userId: uuid });

/** GET /api/auth/verifyAccount/{token}: the emailed link. */
export const verifyAccountParams = z.object({ token: requiredString(AUTH_MESSAGES.resetInvalid).max(TOKEN_MAX, AUTH_MESSAGES.resetInvalid) });

export const resendVerifyBody = z.object({ userId: uuid.optional() });

/** What the client keeps of the signed-in user (docs/domains/accounts.md "Data and calls", Session). */
export const sessionUser = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(ROLES),
  addrole: z.enum(ADDROLES).nullable(),
  adminId: z.string().nullable(),
  school_name: z.string().nullable(),
  showStore: z.boolean(),
  allow_payroll_report: z.boolean(),
  emailVerified: z.boolean(),
  /** What this viewer may do (shared/permissions.ts, decision 062). */
  permissions: sessionPermissions,
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResult = z.object({
  token: z.string(),
  user: sessionUser,
  /** Set on a login-as session: who is really acting. */
  actor: sessionUser.nullable(),
});
export type LoginResult = z.infer<typeof loginResult>;

/** GET /api/auth/me: the session's users, as sign-in gave them (the stored copy is refreshed from it). */
export const sessionUsers = loginResult.omit({ token: true });
export type SessionUsers = z.infer<typeof sessionUsers>;

/** People the signed-in user may act as (the login-as picker), paged. */
export const loginAsCandidatesBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(6),
  search: searchField.optional(),
});
export const loginAsCandidate = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  school_name: z.string().nullable(),
});
export type LoginAsCandidate = z.infer<typeof loginAsCandidate>;
export const loginAsCandidateList = listResultOf(loginAsCandidate);

/** A school whose plan lapsed may still sign in and out (issue 12). */
const meta = { roles: 'public', tags: ['auth'], lapsedSchool: 'open' } as const;
const signedIn = { ...meta, roles: 'signedIn' } as const;
const mayAct = { ...meta, roles: ROLES_THAT_MAY_ACT } as const;

export const AUTH_ROUTES = {
  login: defineRoute({ method: 'POST', path: '/auth/local/login', body: loginBody, response: loginResult, meta }),
  logout: defineRoute({ method: 'GET', path: '/auth/logout', response: noData, meta: signedIn }),
  me: defineRoute({ method: 'GET', path: '/auth/me', response: sessionUsers, meta: signedIn }),
  loginAs: defineRoute({ method: 'POST', path: '/auth/local/loginas', body: loginAsBody, response: loginResult, meta: mayAct }),
  loginAsCandidates: defineRoute({ method: 'POST', path: '/auth/loginAsCandidates', body: loginAsCandidatesBody, response: loginAsCandidateList, meta: mayAct }),
  forgotPassword: defineRoute({ method: 'POST', path: '/auth/forgetPassword', body: forgotPasswordBody, response: noData, meta }),
  resetPassword: defineRoute({ method: 'POST', path: '/auth/resetPassword', body: resetPasswordBody, response: noData, meta }),
  invitation: defineRoute({ method: 'POST', path: '/auth/invitation', body: invitationBody, response: invitation, meta }),
  acceptInvitation: defineRoute({ method: 'POST', path: '/auth/acceptInvitation', body: acceptInvitationBody, response: loginResult, meta }),
  /** Usernames without a session; emails for a signed-in staff member alone (the service decides). */
  checkValidation: defineRoute({ method: 'POST', path: '/auth/checkvalidation', body: checkValidationBody, response: z.object({ available: z.boolean() }), meta: { ...meta, roles: 'optionalSession' } }),
  resendVerification: defineRoute({ method: 'POST', path: '/auth/reSendVerifyAccount', body: resendVerifyBody, response: noData, meta: signedIn }),
  /** The link in the verification email: a plain GET that lands the person on the sign-in page. */
  verifyAccount: defineRoute({ method: 'GET', path: '/auth/verifyAccount/:token', params: verifyAccountParams, response: redirectResponse(), meta }),
};
