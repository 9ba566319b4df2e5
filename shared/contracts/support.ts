import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../constants.js';
import { ROLES, type Role } from '../roles.js';
import { matchRoute } from '../routes.js';
import { requiredString, searchField, uuid } from './common.js';
import { defineRoute, listResultOf } from './route.js';

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

const person = z.object({ _id: z.string(), first_name: z.string(), last_name: z.string(), role: z.enum(ROLES) });

export const supportRequestItem = z.object({
  _id: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  subject: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  replyCount: z.number().int(),
  /** Shown to the superadmin: who wrote, from which school. */
  sender: person,
  schoolName: z.string().nullable(),
});
export type SupportRequestItem = z.infer<typeof supportRequestItem>;

/** `author` is null to a school's reader: the answer is the provider's, whose people row-level security keeps out of a school's sight. */
export const supportReply = z.object({
  _id: z.string(),
  message: z.string(),
  createdAt: z.string(),
  author: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
});
export type SupportReply = z.infer<typeof supportReply>;

export const supportRequestDetail = supportRequestItem.extend({ message: z.string(), replies: z.array(supportReply) });
export type SupportRequestDetail = z.infer<typeof supportRequestDetail>;

/** Beside the page: how many requests each status holds (the superadmin's filter shows them). */
export const supportCounts = z.object({ open: z.number().int(), answered: z.number().int(), closed: z.number().int() });
export type SupportCounts = z.infer<typeof supportCounts>;

export const supportRequestList = listResultOf(supportRequestItem).extend(supportCounts.shape);

/** Senders and the provider reach the reading calls; a school whose plan lapsed may still ask for help. */
export const SUPPORT_READER_ROLES: readonly Role[] = [...SUPPORT_SENDER_ROLES, 'superadmin'];
/** The provider answers, alone. */
export const SUPPORT_ANSWER_ROLES = ['superadmin'] as const satisfies readonly Role[];
const tags = ['support'];

export const SUPPORT_ROUTES = {
  send: defineRoute({
    method: 'POST', path: '/support/sendSupportRequest', body: sendSupportRequestBody, response: supportRequestDetail,
    meta: { roles: SUPPORT_SENDER_ROLES, tags, lapsedSchool: 'open' },
  }),
  list: defineRoute({
    method: 'POST', path: '/support/getSupportRequests', body: supportListBody, response: supportRequestList,
    meta: { roles: SUPPORT_READER_ROLES, tags, lapsedSchool: 'open' },
  }),
  view: defineRoute({
    method: 'POST', path: '/support/getSupportRequest', body: supportIdBody, response: supportRequestDetail,
    meta: { roles: SUPPORT_READER_ROLES, tags, lapsedSchool: 'open' },
  }),
  answer: defineRoute({
    method: 'POST', path: '/support/answerSupportRequest', body: answerSupportRequestBody, response: supportRequestDetail,
    meta: { roles: SUPPORT_ANSWER_ROLES, tags, lapsedSchool: 'open' },
  }),
};
