import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../constants.js';
import { requiredString, safeString, searchField, uuid } from './common.js';
import { REPORT_YEARS_BACK, LESSON_YEARS_AHEAD, dateWithinYears } from './scheduling.js';
import { SCHOOL_STAFF_ROLES } from '../roles.js';
import { defineRoute, listResultOf } from './route.js';

/**
 * Group email and the communication log (issue 14). Calls under /api:
 *   POST massEmail/countRecipients   how many the chosen recipients are, and how many unsubscribed
 *   POST massEmail/previewMassEmail  the count, and the message as one chosen recipient gets it
 *   POST massEmail/sendTestEmail     that copy to the sender alone, through the outbox
 *   POST massEmail/sendMassEmail     one email row a recipient, queued at once ("Mail Sent successfully");
 *                                    Library files attached by reference (attachmentIds); refused
 *                                    (409) when the count confirmed is no longer the count
 *   POST massEmail/getMassEmailList  past sends with their progress (queued, sent, failed), paged 10
 *   POST massEmail/getMassEmail      one send's progress
 *   GET  massEmail/unsubscribe/{token}   public: whose link, from which school
 *   POST massEmail/unsubscribe/{token}   public: no more group email from that school (also
 *                                        the List-Unsubscribe-Post one-click target, RFC 8058)
 *   POST reporting/getCommunicationLog   every email to a person, paged 10, secret links cut out
 *   POST reporting/getCommunication      one of them, to read
 */
/** Files of the Library a group email carries: how many, and their bytes in all (mail servers refuse much more). */
export const GROUP_EMAIL_FILES_MAX = 10;
export const GROUP_EMAIL_ATTACHMENTS_MB = 10;
export const GROUP_EMAIL_ATTACHMENTS_MAX_BYTES = GROUP_EMAIL_ATTACHMENTS_MB * 1024 * 1024;

export const COMMUNICATION_MESSAGES = {
  mailSent: 'Mail Sent successfully',
  noRecipients: 'Please choose who receives this email',
  nobodyLeft: 'None of the chosen people can receive group email (no email address, inactive or unsubscribed)',
  subjectRequired: 'Subject is Required',
  bodyRequired: 'Message is Required',
  sendNotFound: 'Group email not found',
  messageNotFound: 'Message not found',
  linkNotValid: 'This unsubscribe link is not valid',
  unsubscribed: 'You are unsubscribed',
  attachmentsMax: `A group email takes at most ${GROUP_EMAIL_FILES_MAX} files`,
  attachmentsTooLarge: `The attachments may total at most ${GROUP_EMAIL_ATTACHMENTS_MB} MB`,
  recipientNotChosen: 'This person is not among the recipients',
  countChanged: (n: number) => `The recipients changed: this email would now go to ${n} ${n === 1 ? 'person' : 'people'}. Check the preview and confirm again.`,
  testSent: (to: string) => `Test email sent to ${to}`,
  noOwnAddress: 'Your account has no email address to send a test to',
} as const;

/** "Send to 142 people?": the question asked before every group send. */
export const confirmSendQuestion = (n: number) => `Send to ${n} ${n === 1 ? 'person' : 'people'}?`;
/** The subject of a test copy, so that it is never mistaken for the real one. */
export const testSubject = (subject: string) => `[Test] ${subject}`;
const M = COMMUNICATION_MESSAGES;

/** The merge fields a group email may use; each is replaced per recipient. */
export const MERGE_FIELDS = ['first_name', 'last_name', 'school_name'] as const;

export const SUBJECT_MAX = 200;
/** The body's HTML, as the editor makes it. */
export const BODY_MAX = 100_000;
const ID_LIST_MAX = 100;
export const PEOPLE_MAX = 500;

const ids = (max: number) => z.array(uuid).max(max, `Choose at most ${max}`).default([]);

/** Whom a group email goes to: whole groups (active people only by default) and people by name. */
export const audienceFields = {
  allStudents: z.boolean().default(false),
  allParents: z.boolean().default(false),
  allTeachers: z.boolean().default(false),
  classGroupIds: ids(ID_LIST_MAX),
  /** Instruments/genres: the students who play one. */
  instrumentIds: ids(ID_LIST_MAX),
  /** Teachers: their students. */
  teacherIds: ids(ID_LIST_MAX),
  /** People by name (the people search); included whatever their status. */
  userIds: ids(PEOPLE_MAX),
  /** Leave out deactivated people of the groups. */
  activeOnly: z.boolean().default(true),
};
export const audienceBody = z.object(audienceFields);
export type Audience = z.output<typeof audienceBody>;

export const hasRecipients = (a: Partial<Audience>) =>
  !!(a.allStudents || a.allParents || a.allTeachers || a.classGroupIds?.length || a.instrumentIds?.length || a.teacherIds?.length || a.userIds?.length);

/** What a group email says, and to whom: the send, its preview and its test share these fields. */
const messageFields = {
  ...audienceFields,
  subject: requiredString(M.subjectRequired).max(SUBJECT_MAX, `Subject should allow only ${SUBJECT_MAX} characters.`),
  body: requiredString(M.bodyRequired, { multiline: true }).max(BODY_MAX, 'The message is too long'),
  /** Files of the sender's Library, sent with every copy. */
  attachmentIds: z.array(uuid).max(GROUP_EMAIL_FILES_MAX, M.attachmentsMax).default([]),
};
const someoneChosen = (v: Partial<Audience>, ctx: z.RefinementCtx) => {
  if (!hasRecipients(v)) ctx.addIssue({ code: 'custom', path: ['recipients'], message: M.noRecipients });
};

export const sendMassEmailBody = z.object({
  ...messageFields,
  /** The count the sender confirmed ("Send to 142 people?"); the send is refused when it no longer holds. */
  confirmedCount: z.number().int().min(0).max(1_000_000).optional(),
}).superRefine(someoneChosen);
export type SendMassEmailInput = z.input<typeof sendMassEmailBody>;

export const recipientCount = z.object({
  /** Who will get it. */
  count: z.number().int(),
  /** Chosen but left out: they unsubscribed from this school's group email. */
  unsubscribed: z.number().int(),
});
export type RecipientCount = z.infer<typeof recipientCount>;

/** The preview and the test send: the message, and whose merge fields fill it (the first recipient unless chosen). */
export const previewMassEmailBody = z.object({ ...messageFields, recipientId: uuid.optional() }).superRefine(someoneChosen);
export type PreviewMassEmailInput = z.input<typeof previewMassEmailBody>;

/** How many recipients the preview offers to choose from (the first, by name; a chosen one beyond is added). */
export const PREVIEW_CHOICES_MAX = 100;
const previewPerson = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export const previewAnswer = recipientCount.extend({
  /** Whose copy this is. */
  recipient: previewPerson,
  /** Recipients to preview as instead. */
  choices: z.array(previewPerson),
  subject: z.string(),
  /** The copy's plain-text part, merge fields filled, the unsubscribe link's token cut out. */
  text: z.string(),
});
export type PreviewAnswer = z.infer<typeof previewAnswer>;
export const testEmailAnswer = z.object({ to: z.string() });

export const sendMassEmailAnswer = z.object({ _id: z.string(), recipientCount: z.number().int(), unsubscribedCount: z.number().int() });

export const massEmailListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE.reports),
});
export const massEmailIdBody = z.object({ id: uuid });

export const groupEmailAttachment = z.object({ _id: z.string(), name: z.string(), size: z.number().int() });
export type GroupEmailAttachment = z.infer<typeof groupEmailAttachment>;

export const groupEmailItem = z.object({
  _id: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  sender: z.string().nullable(),
  recipientCount: z.number().int(),
  unsubscribedCount: z.number().int(),
  /** The Library files it carried, as they were when it was sent. */
  attachments: z.array(groupEmailAttachment),
  /** Counted from its email rows as the delivery job moves them on. */
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});
export type GroupEmailItem = z.infer<typeof groupEmailItem>;

/** The emailed link's token: url-safe characters only. */
export const unsubscribeParams = z.object({
  token: safeString().max(200, M.linkNotValid).regex(/^[A-Za-z0-9_-]+$/, M.linkNotValid),
});
export const unsubscribeAnswer = z.object({ schoolName: z.string(), first_name: z.string(), unsubscribed: z.boolean() });
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswer>;

// --- communication log ------------------------------------------------------------------------

export const COMMUNICATION_CHANNELS = ['email', 'notification'] as const;
export type CommunicationChannel = (typeof COMMUNICATION_CHANNELS)[number];
export const CHANNEL_LABELS: Record<CommunicationChannel, string> = { email: 'Email', notification: 'Notification' };
export const COMMUNICATION_STATUSES = ['queued', 'sent', 'failed'] as const;
export type CommunicationStatus = (typeof COMMUNICATION_STATUSES)[number];
export const STATUS_LABELS: Record<CommunicationStatus, string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed' };

const logDate = dateWithinYears(REPORT_YEARS_BACK, LESSON_YEARS_AHEAD);

export const communicationFilterFields = {
  from: logDate.optional(),
  to: logDate.optional(),
  channel: z.enum(COMMUNICATION_CHANNELS).optional(),
  status: z.enum(COMMUNICATION_STATUSES).optional(),
  /** A person's name or address, or words of the subject. */
  search: searchField.optional(),
};

export const communicationLogBody = z.object({
  ...communicationFilterFields,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE.communicationLog),
}).superRefine((v, ctx) => {
  if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start date' });
});
export type CommunicationLogQuery = z.input<typeof communicationLogBody>;
export const communicationIdBody = z.object({ id: uuid });

export const communicationItem = z.object({
  _id: z.string(),
  /** When it was written (queued), ISO 8601. */
  date: z.string(),
  sentAt: z.string().nullable(),
  channel: z.enum(COMMUNICATION_CHANNELS),
  subject: z.string(),
  status: z.enum(COMMUNICATION_STATUSES),
  /** Why it failed, or why it is being tried again. */
  reason: z.string().nullable(),
  to: z.string(),
  person: z.object({ _id: z.string(), first_name: z.string(), last_name: z.string(), role: z.string() }).nullable(),
  /** A group email's row: the send it belongs to. */
  groupEmailId: z.string().nullable(),
});
export type CommunicationItem = z.infer<typeof communicationItem>;

export const communicationDetail = communicationItem.extend({
  /** The message as sent, with every secret link's token cut out. */
  text: z.string(),
  html: z.string(),
  attachments: z.array(z.string()),
});
export type CommunicationDetail = z.infer<typeof communicationDetail>;

// --- routes (decision 059) ----------------------------------------------------------------

/** Group email is the school's office's. */
const groupEmail = { roles: SCHOOL_STAFF_ROLES, tags: ['group email'] } as const;
/** The emailed link: no session, the signed token is the key. */
const unsubscribe = { roles: 'public', tags: ['group email'] } as const;
/** Everyone of a school reads their own part of the log (the provider has none). */
const log = { roles: ['admin', 'subadmin', 'teacher', 'student', 'parent'], tags: ['communication log'] } as const;

export const COMMUNICATION_ROUTES = {
  countRecipients: defineRoute({ method: 'POST', path: '/massEmail/countRecipients', body: audienceBody, response: recipientCount, meta: groupEmail }),
  previewMassEmail: defineRoute({ method: 'POST', path: '/massEmail/previewMassEmail', body: previewMassEmailBody, response: previewAnswer, meta: groupEmail }),
  sendTestEmail: defineRoute({ method: 'POST', path: '/massEmail/sendTestEmail', body: previewMassEmailBody, response: testEmailAnswer, meta: groupEmail }),
  sendMassEmail: defineRoute({ method: 'POST', path: '/massEmail/sendMassEmail', body: sendMassEmailBody, response: sendMassEmailAnswer, meta: groupEmail }),
  massEmailList: defineRoute({ method: 'POST', path: '/massEmail/getMassEmailList', body: massEmailListBody, response: listResultOf(groupEmailItem), meta: { ...groupEmail, lapsedSchool: 'open' } }),
  massEmail: defineRoute({ method: 'POST', path: '/massEmail/getMassEmail', body: massEmailIdBody, response: groupEmailItem, meta: { ...groupEmail, lapsedSchool: 'open' } }),
  readUnsubscribe: defineRoute({ method: 'GET', path: '/massEmail/unsubscribe/:token', params: unsubscribeParams, response: unsubscribeAnswer, meta: unsubscribe }),
  /** Also a mail client's one-click POST (RFC 8058), form-encoded: its body is unused. */
  confirmUnsubscribe: defineRoute({ method: 'POST', path: '/massEmail/unsubscribe/:token', params: unsubscribeParams, response: unsubscribeAnswer, meta: unsubscribe }),
  communicationLog: defineRoute({ method: 'POST', path: '/reporting/getCommunicationLog', body: communicationLogBody, response: listResultOf(communicationItem), meta: { ...log, lapsedSchool: 'open' } }),
  communication: defineRoute({ method: 'POST', path: '/reporting/getCommunication', body: communicationIdBody, response: communicationDetail, meta: { ...log, lapsedSchool: 'open' } }),
};
