import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../constants.js';
import { ROLES, type Role } from '../roles.js';
import { matchRoute } from '../routes.js';
import { requiredString, searchField, uuid } from './common.js';

/**
 * Support, "Contact for More Features" (issue 14, `/support`): a request reaches the provider,
 * whose superadmin answers it; the sender is emailed the answer and reads it on the same page.
 * Calls under /api/support:
 *   POST sendSupportRequest     a request (category, subject, message), rate limited per person
 *   POST getSupportRequests     the sender's own, or for the superadmin every school's (paged 10, by status)
 *   POST getSupportRequest      one, with its answers; another person's or school's is 404
 *   POST answerSupportRequest   the superadmin's answer (and maybe closing it); the sender is emailed
 */
export const SUPPORT_PATH = '/support';

/** Who may write to the provider: the roles whose route table has /support, but the provider itself. */
export const SUPPORT_SENDER_ROLES: readonly Role[] = ROLES.filter(
  (role) => role !== 'superadmin' && matchRoute(role, SUPPORT_PATH) !== undefined,
);

export const SUPPORT_CATEGORIES = ['feature_request', 'problem', 'billing', 'other'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const CATEGORY_LABELS: Record<SupportCategory, string> = {
  feature_request: 'Feature request',
  problem: 'Problem',
  billing: 'Billing',
  other: 'Other',
};

export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = { open: 'Open', answered: 'Answered', closed: 'Closed' };

export const SUPPORT_LIMITS = { subjectMax: 150, messageMax: 5000, pageSize: PAGE_SIZE.reports } as const;

export const SUPPORT_MESSAGES = {
  categoryRequired: 'Category is Required',
  subjectRequired: 'Subject is Required',
  subjectTooLong: `Subject should allow only ${SUPPORT_LIMITS.subjectMax} characters.`,
  messageRequired: 'Message is Required',
  messageTooLong: `Message should allow only ${SUPPORT_LIMITS.messageMax} characters.`,
  answerRequired: 'Answer is Required',
  sent: 'Your request has been sent. We will answer by email.',
  answered: 'Answer sent',
  notFound: 'Support request not found',
  tooMany: 'You have sent several requests in a short time. Please try again later.',
} as const;
const M = SUPPORT_MESSAGES;

const subject = requiredString(M.subjectRequired).max(SUPPORT_LIMITS.subjectMax, M.subjectTooLong);
const text = (required: string) => requiredString(required, { multiline: true }).max(SUPPORT_LIMITS.messageMax, M.messageTooLong);

export const sendSupportRequestBody = z.object({
  category: z.enum(SUPPORT_CATEGORIES, { error: M.categoryRequired }),
  subject,
  message: text(M.messageRequired),
});
export type SendSupportRequestInput = z.input<typeof sendSupportRequestBody>;

export const supportListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(SUPPORT_LIMITS.pageSize),
  status: z.enum(SUPPORT_STATUSES).optional(),
  search: searchField.optional(),
});
export type SupportListQuery = z.input<typeof supportListBody>;

export const supportIdBody = z.object({ id: uuid });

export const answerSupportRequestBody = z.object({
  id: uuid,
  message: text(M.answerRequired),
  /** Closes the request with this answer; otherwise it stays answered and may be answered again. */
  close: z.boolean().default(false),
});
export type AnswerSupportRequestInput = z.input<typeof answerSupportRequestBody>;

type Person = { _id: string; first_name: string; last_name: string; role: Role };

export type SupportRequestItem = {
  _id: string;
  category: SupportCategory;
  subject: string;
  status: SupportStatus;
  createdAt: string;
  answeredAt: string | null;
  replyCount: number;
  /** Shown to the superadmin: who wrote, from which school. */
  sender: Person;
  schoolName: string | null;
};

/** `author` is null to a school's reader: the answer is the provider's, whose people row-level security keeps out of a school's sight. */
export type SupportReply = { _id: string; message: string; createdAt: string; author: { first_name: string; last_name: string } | null };

export type SupportRequestDetail = SupportRequestItem & { message: string; replies: SupportReply[] };

/** Beside the page: how many requests each status holds (the superadmin's filter shows them). */
export type SupportCounts = { open: number; answered: number; closed: number };
