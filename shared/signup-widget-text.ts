/**
 * What the public signup page needs without zod (it is loaded by strangers and stays light):
 * its messages and the phone format. shared/contracts/signup-widget.ts re-exports them.
 */
export const SIGNUP_MESSAGES = {
  registered: 'student register successfully',
  schoolNotFound: 'This signup page is not available. Please contact the school.',
  genreNotFound: 'Please choose an instrument/genre from the list',
  tooMany: 'Too many signups from this address. Please try again later.',
  approved: 'Student approved successfully. An invitation email was sent.',
  declined: 'Signup declined',
  notFound: 'Signup not found',
  alreadyDecided: 'This signup was already approved or declined',
  emailInSchool: 'A member of this school already uses this email address',
  contactNote: 'The school will contact you to complete the process.',
  planNotFound: 'This plan is no longer offered. Please choose another one.',
} as const;

/** "(NNN) NNN-NNNN", as the field formats it while typing. */
export const US_PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;

/**
 * Formats digits as typed into "(NNN) NNN-NNNN": partial input stays partial. The digits are
 * limited (ten; an eleventh after a leading country code 1, as "+1 (617) 555-0199" pastes), never
 * the formatted text (issue 27).
 */
export function formatUsPhone(input: string): string {
  const all = input.replace(/\D/g, '');
  const d = (all.length > 10 && all.startsWith('1') ? all.slice(1) : all).slice(0, 10);
  if (d.length === 0) return '';
  if (d.length < 4) return `(${d}`;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** The public address of a school's signup page, and the snippet that embeds it elsewhere. */
export const signupPagePath = (adminId: string) => `/studentSignup/${adminId}`;
