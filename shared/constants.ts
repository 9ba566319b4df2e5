/** Business constants and limits of docs/domains/conventions.md "Limits". */
export const PAGE_SIZE = {
  students: 6,
  teachers: 6,
  subadmins: 6,
  parents: 6,
  classes: 6,
  schools: 6,
  plans: 6,
  practice: 6,
  people: 6,
  courses: 8,
  library: 10,
  rooms: 10,
  payroll: 10,
  reports: 10,
  communicationLog: 10,
  store: 10,
  notifications: 5,
  quizzes: 20,
  earTrainer: 20,
  songs: 20,
  documents: 100,
} as const;

/** No list answers more than this many rows at once, whatever `limit` asks. */
export const MAX_PAGE_SIZE = 100;

export const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type Level = (typeof LEVELS)[number];

export const DEFAULT_PHONE_COUNTRY = 'US';
export const SIDEBAR_COLLAPSE_BREAKPOINT = 1280;
export const TYPING_INDICATOR_MS = 3000;

/**
 * Every request string has a bound (decision 024): the product's where it names one (names,
 * address, postal code, phone, password), these for the rest.
 */
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const USERNAME_MAX = 50;
export const SEARCH_MAX = 100;
/** Notes, reasons: what a person types in a text area. */
export const TEXT_MAX = 2000;
/** What a sign-in form takes as a password (stored ones are 8 to 50; longer is simply wrong). */
export const PASSWORD_INPUT_MAX = 128;
/** Tokens of emailed links and of the calendar feed's URL. */
export const TOKEN_MAX = 200;
/**
 * A phone number's digits (E.164's most): the limit is on digits, never on the typed text, so
 * "(617) 555-0199" and "+1 617.555.0199" fit (issue 27). PHONE_TEXT_MAX only bounds the request string.
 */
export const PHONE_DIGITS_MAX = 15;
export const PHONE_TEXT_MAX = 40;
export const MONEY_INPUT_MAX = 12;
export const ADDRESS_MAX = 100;
export const POSTAL_CODE_INPUT_MAX = 5;
export const PASSWORD_MIN = 8;
export const RESET_PASSWORD_MAX = 50;

export const CUSTOMER_TYPES = ['BUSINESS', 'INDIVIDUAL'] as const;

/** Sessions: Remember Me keeps the sign-in for 30 days; otherwise it lasts a working day at most. */
export const REMEMBER_ME_DAYS = 30;
export const SESSION_HOURS = 12;
export const RESET_LINK_MINUTES = 60;
/** How long the invitation link of a new account (a password reset link) stays valid. */
export const INVITATION_LINK_HOURS = 72;
export const VERIFY_LINK_HOURS = 72;

/** The greeting of docs/domains/roles-and-navigation.md "Rules": morning before 12, afternoon before 17, otherwise evening. */
export function greetingFor(hour: number): 'Good Morning' | 'Good Afternoon' | 'Good Evening' {
  if (hour < 12) return 'Good Morning';
  if (hour < 17) return 'Good Afternoon';
  return 'Good Evening';
}
