import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { notifications, schools } from '../db/schema/index.js';
import { deliverPendingEmails } from '../services/email/deliver-pending-emails.js';
import { createTestApp, rawCall, sessionToken, type TestApp } from '../test/test-app.js';
import { createSchool, type TestSchool } from '../test/factories.js';
import { createInvoice, recordCashPayment } from '../test/invoice-factory.js';
import { tinyPng } from './library/index.js';
import { databaseFingerprint, fieldName, operationsOf, routeName, type Operation } from '../test/openapi-fields.js';
import { patient } from '../../tests/patience.js';

/**
 * One generated authorization test (issue 9 item 7, decision 024; Documenso's unauthorized-access
 * suite is the model). Every id a route of the OpenAPI document takes (a path parameter, or an
 * `id`/`_id`/`…Id`/`…Ids` field of the query or body) is given, by a signed-in admin of school A,
 * the id of school B's record, in an otherwise valid request of school A:
 *   - subject: the record the route reads or changes. Another school's is 404, and answers
 *     exactly as an id that exists nowhere.
 *   - reference: a record a form picks (a teacher, students, a room). Answers exactly as an id
 *     that exists nowhere (the form's field error "Please choose … of this school").
 *   - filter: narrows a list. Answers exactly as an id that exists nowhere (nothing of B's).
 * Nothing changes in the database. A route or id field of the document missing from ROUTES (or
 * EXEMPT), or an entry for one that no longer exists, fails the test: a new route needs a line.
 */

type Kind = 'subject' | 'reference' | 'filter';

/** One school's records, made through the API by its own admin. */
type Ids = {
  adminId: string; admin: string; subadmin: string; teacher: string; student: string; parent: string;
  classGroup: string; room: string; lessonType: string; groupLessonType: string; lesson: string; startedLesson: string; cancelledLesson: string; credit: string; slot: string;
  holiday: string; family: string; signup: string; payment: string; invoice: string; recurring: string;
  /** An open invoice of the student (billed to the parent), and the parent's saved card with its gateway ids. */
  openInvoice: string; card: string; customerProfileId: string; paymentProfileId: string;
  /** A plan of the school, and the parent's waiting request for it. */
  plan: string; subscription: string;
  /** An approved course of the school with a lesson and an assignment, and a teacher's waiting course. */
  course: string; courseLesson: string; courseAssignment: string; waitingCourse: string;
  /** A practice assignment of the student (by the admin) and its first song. */
  practice: string; practiceItem: string;
  /** A Library file shared with the student (and the share), and its signed link's query. */
  file: string; fileShare: string; fileLink: Record<string, string>;
  /** A chat message from the admin to the teacher. */
  chatMessage: string;
  /** A group email the admin sent, and an email of the school's communication log. */
  groupEmail: string; message: string;
  /** A generated payroll of the school and a bonus on it for the teacher. */
  payroll: string; adjustment: string;
  /** A support request the admin sent the provider. */
  supportRequest: string;
  /** A notification of the admin. */
  notification: string;
  /** An image uploaded for one use (a course's cover). */
  coverImage: string;
  /** A category of the school's store and an item in it; an order of it by the school's student. */
  storeCategory: string; storeItem: string; storeOrder: string;
  /** The admin's export of the whole school (decision 092). */
  dataExport: string;
};

type Req = { path?: Record<string, string>; query?: Record<string, string>; body?: Record<string, unknown> };
/** A valid request of school `s`; `ids` names each id field (as fieldName() spells it) and its kind. */
type Entry = { request: (s: Ids) => Req; ids: Record<string, Kind>; requestFor?: Record<string, (s: Ids) => Req> };

const FAR = (() => {
  const d = new Date(Date.now() + 60 * 86_400_000);
  // A Monday two months ahead, so every lesson form is valid.
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7));
  return d.toISOString().slice(0, 10);
})();
const windowOf = () => ({ start: `${FAR}T00:00:00Z`, end: `${FAR}T23:59:59Z` });
const lessonBody = (s: Ids) => ({ teacherId: s.teacher, lessonTypeId: s.lessonType, roomId: s.room, studentIds: [s.student], date: FAR, startTime: '09:00', durationMinutes: 30 });
const groupLessonBody = (s: Ids) => ({ ...lessonBody(s), lessonTypeId: s.groupLessonType, studentIds: [], classGroupId: s.classGroup });
const recurringBody = (s: Ids) => ({
  studentId: s.student, lines: [{ description: 'Probe tuition', quantity: 1, unitPrice: 50 }], frequency: 'monthly', dayOfMonth: 1, startsOn: FAR,
});
/** A draft invoice's form: one line billing the school's lesson of its student. */
const invoiceBody = (s: Ids) => ({ studentId: s.student, lines: [{ description: 'Probe', quantity: 1, unitPrice: 30, lessonId: s.courseLesson }], discount: 0, dueOn: FAR });
const planBody = (s: Ids) => ({
  planName: 'Probe plan', price: 10, billingPeriod: 'monthly', lessonsPerPeriod: 1, lessonMinutes: 30, lessonType: 'class_group', teacherIds: [s.teacher], classGroupId: s.classGroup,
});
let probeGenre = '';
const courseBody = () => ({ title: 'Probe course', genreId: probeGenre, level: 'beginner' });
const practiceBody = (s: Ids) => ({ studentIds: [s.student], classGroupId: s.classGroup, items: [{ title: 'Probe piece' }], due_date: FAR, minutesPerDay: 10 });
const practiceWithItem = (s: Ids) => ({ ...practiceBody(s), items: [{ _id: s.practiceItem, title: 'Probe piece' }] });
const audience = (s: Ids) => ({ classGroupIds: [s.classGroup], teacherIds: [s.teacher], userIds: [s.student] });
const TODAY = new Date().toISOString().slice(0, 10);
const person = { first_name: 'Ida', last_name: 'Probe', email: 'ida.probe@example.test', cellPhone: '' };
const storeItem = (over: Record<string, unknown> = {}) => ({ item_name: 'Probe item', item_price: 5, item_code: null, shipping_cost: null, tax_applicable: false, item_image: null, select_category: null, ...over });
const memberKinds = { subadmins: 'subadmin', teachers: 'teacher', students: 'student', parents: 'parent' } as const;

const ROUTES: Record<string, Entry> = {
  'POST /api/auth/local/loginas': { request: (s) => ({ body: { userId: s.teacher } }), ids: { userId: 'subject' } },
  'POST /api/auth/reSendVerifyAccount': { request: (s) => ({ body: { userId: s.teacher } }), ids: { userId: 'subject' } },
  'GET /api/member/profile/{id}': { request: (s) => ({ path: { id: s.student } }), ids: { 'path:id': 'subject' } },
  ...Object.fromEntries(Object.entries(memberKinds).flatMap(([kind, role]): [string, Entry][] => [
    [`POST /api/member/${kind}/list`, { request: (s) => ({ body: { teacherId: s.teacher } }), ids: { teacherId: 'filter' } }],
    [`GET /api/member/${kind}/export`, { request: (s) => ({ query: { teacherId: s.teacher } }), ids: { 'query:teacherId': 'filter' } }],
    [`POST /api/member/${kind}/changeStatus`, { request: (s) => ({ body: { id: s[role], status: false } }), ids: { id: 'subject' } }],
    [`DELETE /api/member/${kind}/remove`, { request: (s) => ({ body: { id: s[role] } }), ids: { id: 'subject' } }],
    [`POST /api/member/${kind}/resendInvitation`, { request: (s) => ({ body: { id: s[role] } }), ids: { id: 'subject' } }],
    [`GET /api/member/${kind}/view/{id}`, { request: (s) => ({ path: { id: s[role] } }), ids: { 'path:id': 'subject' } }],
  ])),
  'POST /api/reports/payments/list': { request: (s) => ({ body: { from: FAR, to: FAR, adminId: s.adminId, studentId: s.student } }), ids: { adminId: 'subject', studentId: 'subject' } },
  'GET /api/reports/payments/export': {
    request: (s) => ({ query: { from: FAR, to: FAR, adminId: s.adminId, studentId: s.student } }), ids: { 'query:adminId': 'subject', 'query:studentId': 'subject' },
  },
  'POST /api/recurringInvoices/create': { request: (s) => ({ body: recurringBody(s) }), ids: { studentId: 'reference' } },
  'POST /api/recurringInvoices/update': { request: (s) => ({ body: { ...recurringBody(s), id: s.recurring } }), ids: { id: 'subject', studentId: 'reference' } },
  'POST /api/recurringInvoices/setActive': { request: (s) => ({ body: { id: s.recurring, active: false } }), ids: { id: 'subject' } },
  'DELETE /api/recurringInvoices/remove': { request: (s) => ({ body: { id: s.recurring } }), ids: { id: 'subject' } },
  'GET /api/reports/payments/details/{id}': { request: (s) => ({ path: { id: s.payment } }), ids: { 'path:id': 'subject' } },
  'POST /api/member/subadmins/update': { request: (s) => ({ body: { ...person, id: s.subadmin } }), ids: { id: 'subject' } },
  'POST /api/member/teachers/update': { request: (s) => ({ body: { ...person, id: s.teacher } }), ids: { id: 'subject' } },
  'POST /api/member/students/add': {
    request: (s) => ({ body: { ...person, username: 'ida.probe', teacherIds: [s.teacher], parentIds: [s.parent] } }),
    ids: { teacherIds: 'reference', parentIds: 'reference' },
  },
  'POST /api/member/students/update': {
    request: (s) => ({ body: { ...person, id: s.student, teacherIds: [s.teacher], parentIds: [s.parent] } }),
    ids: { id: 'subject', teacherIds: 'reference', parentIds: 'reference' },
  },
  'POST /api/member/students/updateInstruments': { request: (s) => ({ body: { id: s.student, instruments: [] } }), ids: { id: 'subject' } },
  'POST /api/member/parents/add': { request: (s) => ({ body: { ...person, username: 'ida.probe', childIds: [s.student] } }), ids: { childIds: 'reference' } },
  'POST /api/member/parents/update': { request: (s) => ({ body: { ...person, id: s.parent, childIds: [s.student] } }), ids: { id: 'subject', childIds: 'reference' } },
  'POST /api/classes/list': { request: (s) => ({ body: { teacherId: s.teacher } }), ids: { teacherId: 'filter' } },
  'POST /api/classes/add': { request: (s) => ({ body: { name: 'Probe', teacherId: s.teacher, studentIds: [s.student] } }), ids: { teacherId: 'reference', studentIds: 'reference' } },
  'POST /api/classes/update': {
    request: (s) => ({ body: { id: s.classGroup, name: 'Probe', teacherId: s.teacher, studentIds: [s.student] } }),
    ids: { id: 'subject', teacherId: 'reference', studentIds: 'reference' },
  },
  'DELETE /api/classes/remove': { request: (s) => ({ body: { id: s.classGroup } }), ids: { id: 'subject' } },
  'GET /api/classes/view/{id}': { request: (s) => ({ path: { id: s.classGroup } }), ids: { 'path:id': 'subject' } },
  'POST /api/scheduling/getClassGroupStudentList': { request: (s) => ({ body: { classGroupId: s.classGroup } }), ids: { classGroupId: 'subject' } },
  'POST /api/scheduling/getEvents': {
    request: (s) => ({ body: { ...windowOf(), teacherId: s.teacher, roomId: s.room, studentId: s.student, classGroupId: s.classGroup } }),
    ids: { teacherId: 'filter', roomId: 'filter', studentId: 'filter', classGroupId: 'filter' },
  },
  'POST /api/scheduling/getLesson': { request: (s) => ({ body: { id: s.lesson } }), ids: { id: 'subject' } },
  'POST /api/scheduling/addLesson': {
    request: (s) => ({ body: lessonBody(s) }),
    ids: { teacherId: 'reference', lessonTypeId: 'reference', roomId: 'reference', studentIds: 'reference', classGroupId: 'reference' },
    requestFor: { classGroupId: (s) => ({ body: groupLessonBody(s) }) },
  },
  'POST /api/scheduling/updateLesson': {
    request: (s) => ({ body: { ...lessonBody(s), id: s.lesson } }),
    ids: { id: 'subject', teacherId: 'reference', lessonTypeId: 'reference', roomId: 'reference', studentIds: 'reference', classGroupId: 'reference' },
    requestFor: { classGroupId: (s) => ({ body: { ...groupLessonBody(s), id: s.lesson } }) },
  },
  'POST /api/scheduling/moveLesson': { request: (s) => ({ body: { id: s.lesson, date: FAR, startTime: '11:00' } }), ids: { id: 'subject' } },
  'POST /api/scheduling/deleteLesson': { request: (s) => ({ body: { id: s.lesson } }), ids: { id: 'subject' } },
  'POST /api/scheduling/previewCancel': { request: (s) => ({ body: { id: s.lesson } }), ids: { id: 'subject' } },
  'POST /api/scheduling/cancelLesson': { request: (s) => ({ body: { id: s.lesson, cancelReason: 'Probe' } }), ids: { id: 'subject' } },
  'POST /api/scheduling/restoreLesson': { request: (s) => ({ body: { id: s.cancelledLesson } }), ids: { id: 'subject' } },
  'POST /api/scheduling/takeAttendance': {
    request: (s) => ({ body: { lessonId: s.startedLesson, attendance: [{ studentId: s.student, status: 'present' }] } }),
    ids: { lessonId: 'subject', 'attendance.0.studentId': 'reference' },
  },
  'POST /api/scheduling/getUpcomingLessons': { request: (s) => ({ body: { studentId: s.student } }), ids: { studentId: 'filter' } },
  'POST /api/scheduling/getNotificationOnOff': { request: (s) => ({ body: { userId: s.student } }), ids: { userId: 'subject' } },
  'POST /api/scheduling/notificationOnOff': { request: (s) => ({ body: { userId: s.student, notificationsOn: false } }), ids: { userId: 'subject' } },
  // The report names the teacher or student it is about: an unknown one is 404.
  'POST /api/reporting/getAttendance': { request: (s) => ({ body: { from: FAR, to: FAR, teacherId: s.teacher, studentId: s.student } }), ids: { teacherId: 'subject', studentId: 'subject' } },
  'POST /api/reporting/exportAttendance': { request: (s) => ({ body: { from: FAR, to: FAR, teacherId: s.teacher, studentId: s.student } }), ids: { teacherId: 'subject', studentId: 'subject' } },
  // The student report narrows its rows by teacher: another school's teacher finds no student.
  'POST /api/reporting/getStudentReport': { request: (s) => ({ body: { from: FAR, to: FAR, teacherId: s.teacher } }), ids: { teacherId: 'filter' } },
  'POST /api/reporting/exportStudentReport': { request: (s) => ({ body: { from: FAR, to: FAR, teacherId: s.teacher } }), ids: { teacherId: 'filter' } },
  'POST /api/scheduling/room/update': { request: (s) => ({ body: { id: s.room, roomName: 'Probe' } }), ids: { id: 'subject' } },
  'DELETE /api/scheduling/room/remove': { request: (s) => ({ body: { id: s.room } }), ids: { id: 'subject' } },
  'POST /api/scheduling/lessonType/update': { request: (s) => ({ body: { id: s.lessonType, name: 'Probe', kind: 'private', durationMinutes: 30 } }), ids: { id: 'subject' } },
  'DELETE /api/scheduling/lessonType/remove': { request: (s) => ({ body: { id: s.lessonType } }), ids: { id: 'subject' } },
  'DELETE /api/scheduling/holiday/remove': { request: (s) => ({ body: { id: s.holiday } }), ids: { id: 'subject' } },
  'POST /api/scheduling/getCredits': { request: (s) => ({ body: { studentId: s.student, status: 'all' } }), ids: { studentId: 'filter' } },
  'POST /api/scheduling/grantCredit': { request: (s) => ({ body: { lessonId: s.cancelledLesson, studentId: s.student } }), ids: { lessonId: 'subject', studentId: 'reference' } },
  'POST /api/scheduling/bookMakeup': {
    request: (s) => ({ body: { creditId: s.credit, teacherId: s.teacher, lessonTypeId: s.lessonType, roomId: s.room, date: FAR, startTime: '13:00', durationMinutes: 30 } }),
    ids: { creditId: 'subject', teacherId: 'reference', lessonTypeId: 'reference', roomId: 'reference' },
  },
  'POST /api/scheduling/makeupSlot/list': { request: (s) => ({ body: { teacherId: s.teacher, studentId: s.student } }), ids: { teacherId: 'filter', studentId: 'filter' } },
  'POST /api/scheduling/makeupSlot/add': {
    request: (s) => ({ body: { teacherId: s.teacher, lessonTypeId: s.lessonType, roomId: s.room, date: FAR, startTime: '18:00', durationMinutes: 30 } }),
    ids: { teacherId: 'reference', lessonTypeId: 'reference', roomId: 'reference' },
  },
  'DELETE /api/scheduling/makeupSlot/remove': { request: (s) => ({ body: { id: s.slot } }), ids: { id: 'subject' } },
  'POST /api/scheduling/makeupSlot/book': { request: (s) => ({ body: { slotId: s.slot, creditId: s.credit } }), ids: { slotId: 'subject', creditId: 'subject' } },
  'POST /api/family/add': { request: (s) => ({ body: { name: 'Probe', parentIds: [s.parent], childIds: [s.student] } }), ids: { parentIds: 'reference', childIds: 'reference' } },
  'POST /api/family/update': {
    request: (s) => ({ body: { id: s.family, name: 'Probe', parentIds: [s.parent], childIds: [s.student] } }),
    ids: { id: 'subject', parentIds: 'reference', childIds: 'reference' },
  },
  'DELETE /api/family/remove': { request: (s) => ({ body: { id: s.family } }), ids: { id: 'subject' } },
  'GET /api/family/view/{id}': { request: (s) => ({ path: { id: s.family } }), ids: { 'path:id': 'subject' } },
  'POST /api/reporting/approvedStudent/approve': { request: (s) => ({ body: { id: s.signup } }), ids: { id: 'subject' } },
  'POST /api/reporting/approvedStudent/decline': { request: (s) => ({ body: { id: s.signup } }), ids: { id: 'subject' } },
  'POST /api/merchant/get': { request: (s) => ({ body: { adminId: s.adminId } }), ids: { adminId: 'subject' } },
  'GET /api/school/setupChecklist/{adminId}': { request: (s) => ({ path: { adminId: s.adminId } }), ids: { 'path:adminId': 'subject' } },
  'POST /api/school/setupChecklist/dismiss': { request: (s) => ({ body: { adminId: s.adminId } }), ids: { adminId: 'subject' } },
  'GET /api/school/details/{adminId}': { request: (s) => ({ path: { adminId: s.adminId } }), ids: { 'path:adminId': 'subject' } },
  'POST /api/school/details/update': {
    request: (s) => ({ body: {
      adminId: s.adminId, school_name: 'Probe School', working_phone: '(617) 555-0199', address1: '1 Main St', city: 'Boston', state: 'MA',
      postal_code: '02101', country: 'United States', time_zone: 'America/New_York',
    } }),
    ids: { adminId: 'subject' },
  },
  'POST /api/invoices/refundPayment': { request: (s) => ({ body: { paymentId: s.payment, amount: '5.00' } }), ids: { paymentId: 'subject' } },
  'POST /api/merchant/save': { request: (s) => ({ body: { gateway: 'sandbox', environment: 'sandbox', apiLoginId: 'Probe1234', transactionKey: 'Probe12345678901', adminId: s.adminId } }), ids: { adminId: 'subject' } },
  'POST /api/invoices/create': { request: (s) => ({ body: invoiceBody(s) }), ids: { studentId: 'reference', 'lines.0.lessonId': 'reference' } },
  'POST /api/invoices/update': { request: (s) => ({ body: { ...invoiceBody(s), id: s.invoice } }), ids: { id: 'subject', studentId: 'reference', 'lines.0.lessonId': 'reference' } },
  'GET /api/invoices/view/{id}': { request: (s) => ({ path: { id: s.invoice } }), ids: { 'path:id': 'subject' } },
  'GET /api/invoices/pdf/{id}': { request: (s) => ({ path: { id: s.invoice } }), ids: { 'path:id': 'subject' } },
  'POST /api/invoices/send': { request: (s) => ({ body: { id: s.invoice } }), ids: { id: 'subject' } },
  'POST /api/invoices/resend': { request: (s) => ({ body: { id: s.invoice } }), ids: { id: 'subject' } },
  'POST /api/invoices/void': { request: (s) => ({ body: { id: s.invoice, reason: 'Probe' } }), ids: { id: 'subject' } },
  'POST /api/invoices/recordPayment': { request: (s) => ({ body: { id: s.invoice, method: 'cash', amount: 1, paidOn: TODAY } }), ids: { id: 'subject' } },
  'POST /api/invoices/billTo': { request: (s) => ({ body: { studentId: s.student } }), ids: { studentId: 'reference' } },
  'POST /api/invoices/lessonLines': { request: (s) => ({ body: { studentId: s.student, from: FAR, to: FAR, unitPrice: 30 } }), ids: { studentId: 'reference' } },
  // Families pay: staff only read, so the write calls answer 403 to A's admin, but only once the
  // record is found; another school's id is not found first, exactly as an unknown one.
  'POST /api/paymentbilling/invoices': { request: (s) => ({ body: { studentId: s.student } }), ids: { studentId: 'subject' } },
  'POST /api/paymentbilling/autopay': { request: (s) => ({ body: { studentId: s.student, enabled: false } }), ids: { studentId: 'subject' } },
  'POST /api/paymentbilling/payInvoice': {
    request: (s) => ({ body: { invoiceId: s.openInvoice, cardId: s.card, idempotencyKey: 'probe-attempt-1' } }),
    ids: { invoiceId: 'subject', cardId: 'reference' },
  },
  'GET /api/paymentMethod/getPaymentMethodList/{id}': { request: (s) => ({ path: { id: s.student } }), ids: { 'path:id': 'subject' } },
  'POST /api/studentBilling/cardList': { request: (s) => ({ body: { studentId: s.student } }), ids: { studentId: 'subject' } },
  'DELETE /api/studentBilling/removeCard': { request: (s) => ({ body: { cardId: s.card } }), ids: { cardId: 'subject' } },
  'POST /api/studentBilling/updateCustomerPaymentProfile': { request: (s) => ({ body: { cardId: s.card, isDefault: true } }), ids: { cardId: 'subject' } },
  'GET /api/studentBilling/getCustomerPaymentProfile/{customerProfileId}/{customerPaymentProfileId}': {
    request: (s) => ({ path: { customerProfileId: s.customerProfileId, customerPaymentProfileId: s.paymentProfileId } }),
    ids: { 'path:customerProfileId': 'subject', 'path:customerPaymentProfileId': 'subject' },
  },
  'DELETE /api/studentBilling/delCustomerPaymentProfile': {
    request: (s) => ({ body: { customerProfileId: s.customerProfileId, customerPaymentProfileId: s.paymentProfileId } }),
    ids: { customerProfileId: 'subject', customerPaymentProfileId: 'subject' },
  },
  'POST /api/studentBilling/addPlanBuilder': { request: (s) => ({ body: planBody(s) }), ids: { teacherIds: 'reference', classGroupId: 'reference' } },
  'POST /api/studentBilling/updatePlanBuilder': {
    request: (s) => ({ body: { ...planBody(s), planId: s.plan } }), ids: { planId: 'subject', teacherIds: 'reference', classGroupId: 'reference' },
  },
  'DELETE /api/studentBilling/deletePlanBuilder': { request: (s) => ({ body: { planId: s.plan } }), ids: { planId: 'subject' } },
  'POST /api/studentBilling/getPlanById': { request: (s) => ({ body: { planId: s.plan } }), ids: { planId: 'subject' } },
  'POST /api/chat/sendMessage': { request: (s) => ({ body: { userId: s.teacher, message: 'Probe' } }), ids: { userId: 'subject' } },
  // Push devices are one's own: another person's id is not found, whoever and wherever they are.
  'POST /api/notification/addFcmToken': {
    request: (s) => ({ body: { userId: s.admin, fcmToken: { endpoint: 'https://fcm.googleapis.com/fcm/send/probe', keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'a'.repeat(22) } } } }),
    ids: { userId: 'subject' },
  },
  'POST /api/notification/removeFcmToken': { request: (s) => ({ body: { userId: s.admin, endpoint: 'https://fcm.googleapis.com/fcm/send/probe' } }), ids: { userId: 'subject' } },
  'POST /api/chat/getMessages': { request: (s) => ({ body: { userId: s.teacher, beforeId: s.chatMessage } }), ids: { userId: 'subject', beforeId: 'filter' } },
  // Staff never ask for a plan: A's admin is refused (403) once the student is found.
  'POST /api/studentBilling/payments': { request: (s) => ({ body: { planId: s.plan, studentId: s.student, cardId: s.card } }), ids: { studentId: 'subject' } },
  'POST /api/studentBilling/approvePlanByAdmin': { request: (s) => ({ body: { subscriptionId: s.subscription, approve: false } }), ids: { subscriptionId: 'subject' } },
  'POST /api/studentBilling/cancelBookPlan': { request: (s) => ({ body: { subscriptionId: s.subscription } }), ids: { subscriptionId: 'subject' } },
  'POST /api/store/updateStore': { request: (s) => ({ body: { ...storeItem(), id: s.storeItem } }), ids: { id: 'subject' } },
  'DELETE /api/store/removeStore': { request: (s) => ({ body: { id: s.storeItem } }), ids: { id: 'subject' } },
  'GET /api/store/viewsingleProduct/{id}': { request: (s) => ({ path: { id: s.storeItem } }), ids: { 'path:id': 'subject' } },
  'POST /api/store/category/update': { request: (s) => ({ body: { categoryId: s.storeCategory, name: 'Probe books' } }), ids: { categoryId: 'subject' } },
  'DELETE /api/store/category/remove': { request: (s) => ({ body: { categoryId: s.storeCategory } }), ids: { categoryId: 'subject' } },
  'POST /api/store/stock/adjust': { request: (s) => ({ body: { productId: s.storeItem, change: 1, reason: 'Probe' } }), ids: { productId: 'subject' } },
  'POST /api/store/stock/history': { request: (s) => ({ body: { productId: s.storeItem } }), ids: { productId: 'subject' } },
  'POST /api/store/widget/set': { request: (s) => ({ body: { productIds: [s.storeItem] } }), ids: { productIds: 'reference' } },
  'GET /api/course/view/{id}': { request: (s) => ({ path: { id: s.course } }), ids: { 'path:id': 'subject' } },
  'POST /api/course/add': { request: (s) => ({ body: { ...courseBody(), coverFileId: s.coverImage } }), ids: { coverFileId: 'reference' } },
  'POST /api/course/update': { request: (s) => ({ body: { ...courseBody(), courseId: s.course, coverFileId: s.coverImage } }), ids: { courseId: 'subject', coverFileId: 'reference' } },
  'DELETE /api/course/remove': { request: (s) => ({ body: { courseId: s.course } }), ids: { courseId: 'subject' } },
  'POST /api/course/approve': { request: (s) => ({ body: { courseId: s.waitingCourse } }), ids: { courseId: 'subject' } },
  'POST /api/course/reject': { request: (s) => ({ body: { courseId: s.waitingCourse, reason: 'Probe' } }), ids: { courseId: 'subject' } },
  'POST /api/course/progress': { request: (s) => ({ body: { courseId: s.course } }), ids: { courseId: 'subject' } },
  'POST /api/course/lesson/add': {
    request: (s) => ({ body: { courseId: s.course, title: 'Probe', attachmentIds: [s.file] } }), ids: { courseId: 'subject', attachmentIds: 'reference' },
  },
  'POST /api/course/lesson/update': {
    request: (s) => ({ body: { lessonId: s.courseLesson, title: 'Probe', attachmentIds: [s.file] } }), ids: { lessonId: 'subject', attachmentIds: 'reference' },
  },
  'DELETE /api/course/lesson/remove': { request: (s) => ({ body: { lessonId: s.courseLesson } }), ids: { lessonId: 'subject' } },
  'GET /api/course/lesson/view/{id}': { request: (s) => ({ path: { id: s.courseLesson } }), ids: { 'path:id': 'subject' } },
  'POST /api/course/lesson/reorder': { request: (s) => ({ body: { courseId: s.course, lessonIds: [s.courseLesson] } }), ids: { courseId: 'subject', lessonIds: 'reference' } },
  'POST /api/course/assign': {
    request: (s) => ({ body: { courseId: s.course, studentIds: [s.student], classGroupIds: [s.classGroup] } }),
    ids: { courseId: 'subject', studentIds: 'reference', classGroupIds: 'reference' },
  },
  'DELETE /api/course/unassign': { request: (s) => ({ body: { assignmentId: s.courseAssignment } }), ids: { assignmentId: 'subject' } },
  'POST /api/practice/getPractice': { request: (s) => ({ body: { studentId: s.student } }), ids: { studentId: 'subject' } },
  'POST /api/practice/addPractice': {
    request: (s) => ({ body: practiceBody(s) }), ids: { studentIds: 'reference', classGroupId: 'reference', 'items.0._id': 'reference' },
    requestFor: { 'items.0._id': (s) => ({ body: practiceWithItem(s) }) },
  },
  'POST /api/practice/updatePractice': {
    request: (s) => ({ body: { ...practiceWithItem(s), practiceId: s.practice } }),
    ids: { practiceId: 'subject', studentIds: 'reference', classGroupId: 'reference', 'items.0._id': 'reference' },
  },
  'DELETE /api/practice/removePractice': { request: (s) => ({ body: { practiceId: s.practice } }), ids: { practiceId: 'subject' } },
  'GET /api/practice/viewPractice/{id}': { request: (s) => ({ path: { id: s.practice } }), ids: { 'path:id': 'subject' } },
  'POST /api/practice/completeInCompletePracticeCount': { request: (s) => ({ body: { studentId: s.student } }), ids: { studentId: 'subject' } },
  'POST /api/payroll/generate': { request: () => ({ body: { from: FAR, to: FAR, teacherIds: [] } }), ids: { teacherIds: 'reference' }, requestFor: { teacherIds: (s) => ({ body: { from: FAR, to: FAR, teacherIds: [s.teacher] } }) } },
  'GET /api/payroll/{id}': { request: (s) => ({ path: { id: s.payroll } }), ids: { 'path:id': 'subject' } },
  'GET /api/payroll/{id}/lessons': { request: (s) => ({ path: { id: s.payroll }, query: { teacherId: s.teacher, kind: 'private' } }), ids: { 'path:id': 'subject', 'query:teacherId': 'filter' } },
  'POST /api/payroll/{id}/regenerate': { request: (s) => ({ path: { id: s.payroll } }), ids: { 'path:id': 'subject' } },
  'POST /api/payroll/{id}/approve': { request: (s) => ({ path: { id: s.payroll } }), ids: { 'path:id': 'subject' } },
  'DELETE /api/payroll/{id}': { request: (s) => ({ path: { id: s.payroll } }), ids: { 'path:id': 'subject' } },
  'GET /api/payroll/{id}/payslip/{teacherId}': { request: (s) => ({ path: { id: s.payroll, teacherId: s.teacher } }), ids: { 'path:id': 'subject', 'path:teacherId': 'subject' } },
  'POST /api/payroll/adjustment': {
    request: (s) => ({ body: { payrollId: s.payroll, teacherId: s.teacher, kind: 'bonus', amount: 5, reason: 'Probe' } }), ids: { payrollId: 'subject', teacherId: 'reference' },
  },
  'DELETE /api/payroll/adjustment': { request: (s) => ({ body: { id: s.adjustment } }), ids: { id: 'subject' } },
  'POST /api/payroll/approved': { request: (s) => ({ body: { teacherId: s.teacher } }), ids: { teacherId: 'filter' } },
  'POST /api/payroll/exportApproved': { request: (s) => ({ body: { teacherId: s.teacher } }), ids: { teacherId: 'filter' } },
  'POST /api/practice/studentPracticeReport': { request: (s) => ({ body: { studentId: s.student } }), ids: { studentId: 'subject' } },
  'POST /api/library/view': { request: (s) => ({ body: { id: s.file } }), ids: { id: 'subject' } },
  'POST /api/library/update': { request: (s) => ({ body: { id: s.file, name: 'Probe.pdf' } }), ids: { id: 'subject' } },
  'DELETE /api/library/remove': { request: (s) => ({ body: { id: s.file } }), ids: { id: 'subject' } },
  'POST /api/library/shares': { request: (s) => ({ body: { id: s.file } }), ids: { id: 'subject' } },
  'POST /api/library/share': {
    request: (s) => ({ body: { id: s.file, studentIds: [s.student], classGroupIds: [s.classGroup] } }),
    ids: { id: 'subject', studentIds: 'reference', classGroupIds: 'reference' },
  },
  'POST /api/library/unshare': { request: (s) => ({ body: { id: s.file, shareId: s.fileShare } }), ids: { id: 'subject', shareId: 'subject' } },
  // The link's signature names the file and its school: another school's file id is a missing file.
  'GET /api/library/file/{id}': { request: (s) => ({ path: { id: s.file }, query: s.fileLink }), ids: { 'path:id': 'subject' } },
  'POST /api/massEmail/countRecipients': { request: (s) => ({ body: audience(s) }), ids: { classGroupIds: 'reference', teacherIds: 'reference', userIds: 'reference' } },
  'POST /api/massEmail/sendMassEmail': {
    request: (s) => ({ body: { ...audience(s), subject: 'Probe', body: '<p>Probe</p>', attachmentIds: [s.file] } }),
    ids: { classGroupIds: 'reference', teacherIds: 'reference', userIds: 'reference', attachmentIds: 'reference' },
  },
  ...Object.fromEntries(['previewMassEmail', 'sendTestEmail'].map((call): [string, Entry] => [`POST /api/massEmail/${call}`, {
    request: (s: Ids) => ({ body: { ...audience(s), subject: 'Probe', body: '<p>Probe</p>', attachmentIds: [s.file], recipientId: s.student } }),
    ids: { classGroupIds: 'reference', teacherIds: 'reference', userIds: 'reference', attachmentIds: 'reference', recipientId: 'reference' },
  }])),
  'POST /api/massEmail/getMassEmail': { request: (s) => ({ body: { id: s.groupEmail } }), ids: { id: 'subject' } },
  'POST /api/support/getSupportRequest': { request: (s) => ({ body: { id: s.supportRequest } }), ids: { id: 'subject' } },
  'POST /api/reporting/getCommunication': { request: (s) => ({ body: { id: s.message } }), ids: { id: 'subject' } },
  'POST /api/notification/getUnReadNotificationCount': { request: (s) => ({ body: { userId: s.admin } }), ids: { userId: 'subject' } },
  'POST /api/notification/readNotification': { request: (s) => ({ body: { id: s.notification } }), ids: { id: 'subject' } },
  'POST /api/learnMore/getLearnMore': { request: (s) => ({ body: { schoolId: s.adminId } }), ids: { schoolId: 'subject' } },
  'POST /api/earTrainer/getGoal': { request: (s) => ({ body: { studentId: s.student } }), ids: { studentId: 'subject' } },
  'POST /api/earTrainer/setGoal': { request: (s) => ({ body: { studentId: s.student, questionsPerWeek: 20 } }), ids: { studentId: 'subject' } },
  'POST /api/cart/addtoCart': { request: (s) => ({ body: { storeId: s.storeItem, quantity: 1 } }), ids: { storeId: 'subject' } },
  'POST /api/cart/removeCart': { request: (s) => ({ body: { storeId: s.storeItem } }), ids: { storeId: 'subject' } },
  'POST /api/order/addtoOrder': { request: (s) => ({ body: { idempotencyKey: 'probe-checkout-key', cardId: s.card } }), ids: { cardId: 'reference' } },
  'GET /api/order/viewOrder/{id}': { request: (s) => ({ path: { id: s.storeOrder } }), ids: { 'path:id': 'subject' } },
  'POST /api/order/updateStatus': { request: (s) => ({ body: { orderId: s.storeOrder, status: 'shipped' } }), ids: { orderId: 'subject' } },
  'GET /api/dataExport/file/{id}': { request: (s) => ({ path: { id: s.dataExport } }), ids: { 'path:id': 'subject' } },
};

/** Id fields that name no record of a school, or that the route takes by design from anyone: why each is left out. */
const PLATFORM_GENRE = 'genres are one platform-wide list, not a school’s records';
const SUPERADMIN = 'the superadmin’s schools calls span every school by design (an admin is refused: 403, in authz.test.ts)';
const PROVIDER_PLAN = 'the provider’s plans are one catalogue for every school, the superadmin’s alone';
/** The practice timer, ticking items and favourite songs are a student's own: A's admin is refused (403) before any lookup. */
const SELLERS = 'sellers are the provider’s alone: an admin is refused (403) before the lookup; a school’s item naming any seller is a 400 (store-api.test.ts)';
const STUDENT_ONLY = 'a student’s own: staff are refused (403) before the lookup; another student’s id is a 404 in practice and favourites tests';

const BIZ = 'Build My Biz is the provider’s one catalogue for every school: the superadmin writes it (an admin is refused, 403, authz.test.ts), schools read what is published (my-biz-api.test.ts)';

/** Ear-trainer sets are the provider's (one catalogue); questions a student's own (ear-trainer-api.test.ts: another school's student gets 404). */
const EAR_SETS = 'ear-trainer sets are the provider’s, one catalogue for every school: an admin is refused (403) before the lookup';
const EAR_QUESTION = 'a student’s own question: staff are refused (403) before the lookup; another school’s student gets 404 (ear-trainer-api.test.ts)';

const QUIZ_PROVIDER = 'quizzes are the provider’s alone: an admin is refused (403) before the lookup (quizzes-api.test.ts)';
const QUIZ_STUDENT = 'a student’s own attempt: staff are refused (403) before the lookup; another school’s attempt is a 404 in quizzes-api.test.ts';

/** The store's cart and order calls (docs/domains/store.md) carry the caller's userId: the session decides whose cart, address and orders they are. */
const OWN_USER = 'the userId of the caller: accepted and ignored, the session decides (store-orders-api.test.ts)';

const EXEMPT: Record<string, Record<string, string>> = {
  'POST /api/myBiz/updateBizCategory': { id: BIZ },
  'POST /api/myBiz/deleteBizCategory': { id: BIZ },
  'POST /api/myBiz/getBizArticles': { categoryId: BIZ },
  'POST /api/myBiz/getBizArticle': { id: BIZ },
  'POST /api/myBiz/addBizArticle': { categoryId: BIZ, attachmentIds: BIZ },
  'POST /api/myBiz/updateBizArticle': { id: BIZ, categoryId: BIZ, attachmentIds: BIZ },
  'POST /api/myBiz/deleteBizArticle': { id: BIZ },
  'POST /api/earTrainer/updateSet': { id: EAR_SETS },
  'DELETE /api/earTrainer/removeSet': { id: EAR_SETS },
  'POST /api/earTrainer/nextQuestion': { setId: EAR_SETS },
  'POST /api/earTrainer/answerQuestion': { questionId: EAR_QUESTION },
  'POST /api/quiz/category/update': { categoryId: QUIZ_PROVIDER },
  'DELETE /api/quiz/category/remove': { categoryId: QUIZ_PROVIDER },
  'POST /api/quiz/getQuizList': { categoryId: QUIZ_PROVIDER },
  'POST /api/quiz/getQuiz': { quizId: QUIZ_PROVIDER },
  'POST /api/quiz/addQuiz': { categoryId: QUIZ_PROVIDER },
  'POST /api/quiz/updateQuiz': { quizId: QUIZ_PROVIDER, categoryId: QUIZ_PROVIDER },
  'DELETE /api/quiz/removeQuiz': { quizId: QUIZ_PROVIDER },
  'POST /api/quiz/publishQuiz': { quizId: QUIZ_PROVIDER },
  'POST /api/quiz/previewQuiz': { quizId: QUIZ_PROVIDER },
  'POST /api/quiz/question/add': { quizId: QUIZ_PROVIDER },
  'POST /api/quiz/question/update': { questionId: QUIZ_PROVIDER },
  'DELETE /api/quiz/question/remove': { questionId: QUIZ_PROVIDER },
  'POST /api/quiz/getPublishedQuizzes': { categoryId: QUIZ_STUDENT },
  'POST /api/quiz/startAttempt': { quizId: QUIZ_STUDENT },
  'POST /api/quiz/submitAttempt': { attemptId: QUIZ_STUDENT, 'answers.0.questionId': QUIZ_STUDENT },
  'POST /api/quiz/getAttempt': { attemptId: QUIZ_STUDENT },
  'POST /api/quiz/myAttempts': { quizId: QUIZ_STUDENT },
  'POST /api/cart/addtoCart': { userId: OWN_USER },
  'POST /api/cart/viewCart': { userId: OWN_USER },
  'POST /api/cart/removeCart': { userId: OWN_USER },
  'POST /api/order/addUserOrderAddress': { userId: OWN_USER },
  'POST /api/order/viewAddress': { userId: OWN_USER },
  'POST /api/order/savedCards': { userId: OWN_USER },
  'POST /api/order/addtoOrder': { userId: OWN_USER },
  'POST /api/order/getorderList': { userId: OWN_USER },
  'POST /api/store/addstore': { sellerId: SELLERS },
  'POST /api/store/updateStore': { sellerId: SELLERS },
  'POST /api/store/schoolStore': { adminId: SUPERADMIN },
  'POST /api/store/setSchoolStore': { adminId: SUPERADMIN },
  'POST /api/seller/update/{id}': { 'path:id': SELLERS },
  'DELETE /api/seller/delete/{id}': { 'path:id': SELLERS },
  'POST /api/auth/resetPassword': { id: 'public: the id is the emailed reset token, not a record id' },
  'POST /api/auth/invitation': { id: 'public: the id is the emailed invitation token, not a record id' },
  'POST /api/auth/acceptInvitation': { id: 'public: the id is the emailed invitation token, not a record id' },
  ...Object.fromEntries(Object.keys(memberKinds).flatMap((kind) => [
    [`POST /api/member/${kind}/list`, { genreId: PLATFORM_GENRE }],
    [`GET /api/member/${kind}/export`, { 'query:genreId': PLATFORM_GENRE }],
  ])),
  'POST /api/reporting/getStudentReport': { genreId: PLATFORM_GENRE },
  'POST /api/reporting/exportStudentReport': { genreId: PLATFORM_GENRE },
  'POST /api/member/teachers/add': { genreIds: PLATFORM_GENRE },
  'POST /api/member/teachers/update': { genreIds: PLATFORM_GENRE },
  'POST /api/member/students/add': { 'instruments.0.genreId': PLATFORM_GENRE },
  'POST /api/member/students/update': { 'instruments.0.genreId': PLATFORM_GENRE },
  'POST /api/member/students/updateInstruments': { 'instruments.0.genreId': PLATFORM_GENRE },
  'POST /api/school/privateteacher/update': { id: SUPERADMIN },
  'POST /api/school/privateteacher/changeStatus': { id: SUPERADMIN },
  'DELETE /api/school/privateteacher/removeSchool': { id: SUPERADMIN },
  'GET /api/school/privateteacher/viewProfileBySchoolId/{id}': { 'path:id': SUPERADMIN },
  'POST /api/student/studentSignupWidget/school': {
    adminId: 'public: the signup widget names its school by id, on any site',
    planId: 'public: a plan the named school does not offer answers plan null (signup-widget.test.ts)',
  },
  'POST /api/student/studentSignupWidget/add': {
    adminId: 'public: the signup widget names its school by id, on any site',
    planId: 'public: a plan the named school does not offer is a 400 on planId, nothing stored (signup-widget.test.ts)',
    genreId: PLATFORM_GENRE,
    'genreId.0.genreId': PLATFORM_GENRE,
  },
  'POST /api/studentBilling/addPlanBuilder': { instrumentId: PLATFORM_GENRE },
  'POST /api/studentBilling/updatePlanBuilder': { instrumentId: PLATFORM_GENRE },
  'POST /api/paymentbilling/instrumentTeacher': { instrumentId: PLATFORM_GENRE },
  'GET /api/order/getSingleUserOrder': { 'query:id': 'an order is seen by its buyer, its store’s staff and the superadmin: another school’s order answers 404 as one that exists nowhere in store-invoices-api.test.ts (orders need checkout’s merchant account, not made here)' },
  'GET /api/order/invoicePdf': { 'query:id': 'an order is seen by its buyer, its store’s staff and the superadmin: another school’s order answers 404 as one that exists nowhere in store-invoices-api.test.ts (orders need checkout’s merchant account, not made here)' },
  'POST /api/store/widget/public': { adminId: 'public: the store widget names its school by id, on any site (404 unless open with the store, in store-widget-api.test.ts)' },
  'POST /api/widget/public/school': { adminId: 'public: a widget page names its school by id, on any site (404 unless open, in plans-api.test.ts)' },
  'POST /api/studentBilling/payments': {
    planId: 'staff never ask for a plan: A’s admin is refused (403) before the plan is looked up; a family’s 404 is in plans-api.test.ts',
    cardId: 'staff never ask for a plan: A’s admin is refused (403) before the card is looked up; a card not the payer’s is a 400 in plans-api.test.ts',
  },
  'POST /api/course/add': { genreId: PLATFORM_GENRE },
  'POST /api/course/update': { genreId: PLATFORM_GENRE },
  'POST /api/course/lesson/markDone': {
    lessonId: 'only students mark lessons: A’s admin is refused (403) before the lesson is looked up; a student’s 404 is in courses-api.test.ts',
  },
  'POST /api/practice/completePracticeItem': { itemId: STUDENT_ONLY },
  'POST /api/practice/getCurrentPracticeTime': { studentId: STUDENT_ONLY },
  'POST /api/practice/practiceTimer': { studentId: STUDENT_ONLY, timerId: STUDENT_ONLY },
  'DELETE /api/favourite/removeFavouriteSong': { songId: STUDENT_ONLY },
  'POST /api/merchant/save': { apiLoginId: 'the payment gateway’s login name, not a record id' },
  'POST /api/massEmail/countRecipients': { instrumentIds: PLATFORM_GENRE },
  'POST /api/massEmail/sendMassEmail': { instrumentIds: PLATFORM_GENRE },
  'POST /api/massEmail/previewMassEmail': { instrumentIds: PLATFORM_GENRE },
  'POST /api/massEmail/sendTestEmail': { instrumentIds: PLATFORM_GENRE },
  // The provider's plans for schools (issue 12): the superadmin's alone (403 for every school role, authz.test.ts).
  'POST /api/schoolBilling/getSchoolPlanById': { planId: PROVIDER_PLAN },
  'POST /api/schoolBilling/updateSchoolPlan': { planId: PROVIDER_PLAN },
  'DELETE /api/schoolBilling/deleteSchoolPlan': { planId: PROVIDER_PLAN },
  'POST /api/bookPlan/bookplanschool': { adminId: SUPERADMIN, planId: PROVIDER_PLAN },
  'POST /api/bookPlan/updatebookplanschool': { adminId: SUPERADMIN, planId: PROVIDER_PLAN },
  'POST /api/bookPlan/planUpgradeEmail': { adminId: SUPERADMIN, planId: PROVIDER_PLAN },
  'POST /api/bookPlan/cancelBookPlanSchool': { adminId: SUPERADMIN },
  'POST /api/bookPlan/schoolPlan': { adminId: SUPERADMIN },
  'POST /api/bookPlan/endOrExtend': { adminId: SUPERADMIN },
  'POST /api/bookPlan/planStates': { adminIds: SUPERADMIN },
  'POST /api/schoolBilling/signupPlans': { id: 'public: the provider’s sign-up link names the provider or one of its plans' },
  'POST /api/schoolBilling/registerSchool': {
    signupId: 'public: the provider’s sign-up link names the provider or one of its plans',
    planId: PROVIDER_PLAN,
  },
  'POST /api/support/answerSupportRequest': { id: 'the provider answers every school’s requests by design: A’s admin is refused (403) before the lookup (support-api.test.ts)' },
  'GET /api/invoice/{id}': { 'path:id': 'public: the id is the emailed pay token, not a record id' },
  'GET /api/invoice/{id}/pdf': { 'path:id': 'public: the id is the emailed pay token, not a record id' },
  'POST /api/invoice/payment': {
    invoiceId: 'public: the payload’s invoiceId is the emailed pay token, not a record id',
    adminId: 'public: the payload names the school; the server ignores it (the pay token decides)',
  },
};

const ID_FIELD = /^(_?id|.*Ids?)$/;

/** The id fields of an operation, spelled as fieldName() does. */
function idFieldsOf(op: Operation): string[] {
  return op.fields
    .filter((f) => (f.kind === 'string' || f.kind === 'array') && typeof f.path.at(-1) === 'string' && ID_FIELD.test(String(f.path.at(-1))))
    .map(fieldName);
}

let t: TestApp;
let adminA: string;
let A: Ids;
let B: Ids;
let before: Record<string, string>;

const PROBE_CARD = {
  cardNo: '4111111111111111', expMonth: '12', expYear: '2030', cardCode: '123', firstName: 'Pat', lastName: 'Probe', email: 'pat.probe@example.test',
  cellPhone: '(212) 555-0163', address1: '1 Probe Street', city: 'New York', state: 'NY', postalCode: '10024', country: 'US',
};

/** Rooms, lesson types, lessons (one cancelled and banked), a holiday, a family and a signup, made by the school's admin. */
async function recordsOf(s: TestSchool, token: string): Promise<Ids> {
  const ok = async (method: 'POST' | 'GET', url: string, body: unknown, ip = '127.0.0.1') => {
    const res = await t.call(method, url, { token, body, ip });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body.errors ?? res.body.message)}`);
    return res.body.data;
  };
  const room = (await ok('POST', '/api/scheduling/room/add', { roomName: `Room ${s.adminId.slice(0, 4)}` }))._id as string;
  const lessonType = (await ok('POST', '/api/scheduling/lessonType/add', { name: 'Probe lessons', kind: 'private', durationMinutes: 30 }))._id as string;
  const groupLessonType = (await ok('POST', '/api/scheduling/lessonType/add', { name: 'Probe ensemble', kind: 'class_group', durationMinutes: 30 }))._id as string;
  const base = { teacherId: s.teacher.id, lessonTypeId: lessonType, roomId: room, studentIds: [s.student.id], date: FAR, durationMinutes: 30 };
  const lesson = (await ok('POST', '/api/scheduling/addLesson', { ...base, startTime: '09:00' }))._id as string;
  const cancelledLesson = (await ok('POST', '/api/scheduling/addLesson', { ...base, startTime: '15:00' }))._id as string;
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const startedLesson = (await ok('POST', '/api/scheduling/addLesson', { ...base, date: yesterday, startTime: '09:00' }))._id as string;
  await ok('POST', '/api/scheduling/cancelLesson', { id: cancelledLesson, cancelReason: 'Probe', bank: true, grantAnyway: true });
  const credits = await ok('POST', '/api/scheduling/getCredits', { status: 'all' });
  const slot = (await ok('POST', '/api/scheduling/makeupSlot/add', { ...base, studentIds: undefined, startTime: '17:00' }))._id as string;
  const holiday = (await ok('POST', '/api/scheduling/holiday/add', { name: 'Probe day', startsOn: FAR, endsOn: FAR }))._id as string;
  // The holiday cancels the day's lessons: restore the one the table uses as a live lesson.
  await t.call('POST', '/api/scheduling/restoreLesson', { token, body: { id: lesson } });
  const family = (await ok('POST', '/api/family/add', { name: 'Probe family', parentIds: [s.parent.id], childIds: [s.student.id] }))._id as string;
  await t.call('POST', '/api/student/studentSignupWidget/add', {
    ip: `10.9.${s.adminId.charCodeAt(0)}.1`,
    body: { first_name: 'Sig', last_name: 'Nup', email: `sig.${s.adminId.slice(0, 6)}@example.test`, cellPhone: '(212) 555-0100', adminId: s.adminId },
  });
  const signups = await ok('POST', '/api/reporting/approvedStudent/list', {});
  const recurring = (await ok('POST', '/api/recurringInvoices/create', { studentId: s.student.id, lines: [{ description: 'Probe', quantity: 1, unitPrice: 50 }], frequency: 'weekly', intervalWeeks: 1, startsOn: FAR }))._id as string;
  const invoice = (await ok('POST', '/api/invoices/create', { studentId: s.student.id, lines: [{ description: 'Probe', quantity: 1, unitPrice: 30 }], dueOn: FAR }))._id as string;
  const parentToken = await sessionToken(t, s.parent.id);
  const card = (await t.call('POST', '/api/studentBilling/addToCard', { token: parentToken, body: PROBE_CARD })).body.data;
  const plan = (await ok('POST', '/api/studentBilling/addPlanBuilder', { planName: 'Probe plan', price: 10, billingPeriod: 'monthly', lessonsPerPeriod: 1, lessonMinutes: 30, lessonType: 'private' }))._id as string;
  probeGenre = (await ok('POST', '/api/genre/getgenre', {})).results[0]._id as string;
  const course = (await ok('POST', '/api/course/add', courseBody()))._id as string;
  const courseLesson = (await ok('POST', '/api/course/lesson/add', { courseId: course, title: 'Probe lesson' }))._id as string;
  const courseAssignment = (await ok('POST', '/api/course/assign', { courseId: course, studentIds: [s.student.id] })).assignments[0]._id as string;
  const teacherToken = await sessionToken(t, s.teacher.id);
  const waiting = await t.call('POST', '/api/course/add', { token: teacherToken, body: courseBody() });
  if (waiting.status !== 200) throw new Error(`course/add: ${waiting.status}`);
  const asked = await t.call('POST', '/api/studentBilling/payments', { token: parentToken, body: { planId: plan, studentId: s.student.id, cardId: card.cardId } });
  if (asked.status !== 200) throw new Error(`payments: ${asked.status} ${JSON.stringify(asked.body)}`);
  const uploaded = await rawCall(t, 'POST', '/api/library/multiplefileUpload', { token, parts: [{ name: 'uploadedImages', filename: 'Probe.pdf', content: Buffer.from('%PDF-1.4 probe') }], status: 200 });
  const file = uploaded.json().data.results[0] as { _id: string; url: string };
  const shares = await ok('POST', '/api/library/share', { id: file._id, studentIds: [s.student.id] });
  const fileLink = Object.fromEntries(new URL(file.url, 'http://x').searchParams);
  const groupEmail = (await ok('POST', '/api/massEmail/sendMassEmail', { subject: 'Probe', body: '<p>Probe</p>', userIds: [s.student.id] }))._id as string;
  const message = (await ok('POST', '/api/reporting/getCommunicationLog', {})).results[0]._id as string;
  const cover = await rawCall(t, 'POST', '/api/fileUpload/upload', { token, parts: [{ name: 'fileUpload', filename: 'Cover.png', content: tinyPng() }], status: 200 });
  await t.db.transaction({ kind: 'all' }, (tx) => tx.update(schools).set({ showStore: true }).where(eq(schools.adminId, s.adminId)));
  const storeCategory = (await ok('POST', '/api/store/category/add', { name: 'Probe books' }))._id as string;
  const storeItemId = (await ok('POST', '/api/store/addstore', storeItem({ quantity: 2, select_category: storeCategory })))._id as string;
  const studentToken = await sessionToken(t, s.student.id);
  const asStudent = async (url: string, body: unknown) => {
    const res = await t.call('POST', url, { token: studentToken, body });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  await asStudent('/api/order/addUserOrderAddress', {
    first_name: 'Pat', last_name: 'Probe', address1: '1 Probe Street', city: 'New York', state: 'NY', postal_code: '10024', country: 'US', cellPhone: '(212) 555-0163', email: 'pat.probe@example.test',
  });
  await asStudent('/api/cart/addtoCart', { storeId: storeItemId, quantity: 1 });
  const storeOrder = (await asStudent('/api/order/addtoOrder', { idempotencyKey: `probe-order-${s.adminId}`, cardNo: '4111111111111111', expDate: '2030-12', cardCode: '123' })).order._id as string;
  return {
    storeCategory, storeItem: storeItemId, storeOrder,
    file: file._id, fileShare: shares.results[0]._id, fileLink, coverImage: cover.json().data._id as string,
    adminId: s.adminId, admin: s.admin.id, subadmin: s.subadmin.id, teacher: s.teacher.id, student: s.student.id, parent: s.parent.id,
    classGroup: s.classGroupId, room, lessonType, groupLessonType, lesson, startedLesson, cancelledLesson, credit: credits.results[0]._id, slot, holiday, family, signup: signups.results[0]._id, recurring,
    invoice, openInvoice: (await createInvoice(t.db, s)).id, card: card.cardId, customerProfileId: card.customerProfileId, paymentProfileId: card.customerPaymentProfileId,
    payment: await recordCashPayment(t.db, s, (await createInvoice(t.db, s)).id, 1_000),
    plan, subscription: asked.body.data._id as string,
    course, courseLesson, courseAssignment, waitingCourse: waiting.body.data._id as string,
    ...(await practiceOf(s, ok)),
    chatMessage: (await ok('POST', '/api/chat/sendMessage', { userId: s.teacher.id, message: 'Probe' }))._id as string,
    groupEmail, message,
    ...(await payrollOf(s, ok)),
    supportRequest: (await ok('POST', '/api/support/sendSupportRequest', { category: 'problem', subject: 'Probe', message: 'Probe' }))._id as string,
    notification: await t.db.transaction({ kind: 'school', adminId: s.adminId }, async (tx) =>
      (await tx.insert(notifications).values({ adminId: s.adminId, userId: s.admin.id, kind: 'test', title: 'Probe' }).returning())[0]!.id),
    dataExport: (await ok('POST', '/api/dataExport/start', { scope: 'school' }))._id as string,
  };
}

/** A practice assignment of the school's student, made by its admin. */
async function practiceOf(s: TestSchool, ok: (method: 'POST', url: string, body: unknown) => Promise<{ _id: string; items: { _id: string }[] }>) {
  const made = await ok('POST', '/api/practice/addPractice', { studentIds: [s.student.id], items: [{ title: 'Probe piece' }], due_date: FAR, minutesPerDay: 10 });
  return { practice: made._id, practiceItem: made.items[0]!._id };
}

/** A payroll of the school (generated: every call may still act on it) with a bonus for its teacher. */
async function payrollOf(s: TestSchool, ok: (method: 'POST', url: string, body: unknown) => Promise<{ _id: string; rows: { adjustments: { _id: string }[] }[] }>) {
  const made = await ok('POST', '/api/payroll/generate', { from: FAR, to: FAR });
  const adjusted = await ok('POST', '/api/payroll/adjustment', { payrollId: made._id, teacherId: s.teacher.id, kind: 'bonus', amount: 5, reason: 'Probe' });
  return { payroll: made._id, adjustment: adjusted.rows[0]!.adjustments[0]!._id };
}

/** A card payment of an invoice of the school's student, as the pay page leaves one. */
beforeAll(async () => {
  t = await createTestApp();
  const a = await createSchool(t.db);
  const b = await createSchool(t.db);
  adminA = await sessionToken(t, a.admin.id);
  A = await recordsOf(a, adminA);
  B = await recordsOf(b, await sessionToken(t, b.admin.id));
  // The set-up's emails (invitations, the signup's) go out after commit: the fingerprint waits for them.
  // A burst's email (the office's "payment received") waits its window (decision 083): sent here
  // as if an hour had passed, so that it cannot fall due while the fingerprint is compared.
  await deliverPendingEmails(t.db, t.services.mailer, t.services.storage, new Date(Date.now() + 3_600_000));
  await vi.waitFor(async () => {
    const { rows } = await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select count(*)::int as n from email_messages where status = 'pending'`));
    expect(rows[0]!.n).toBe(0);
  }, { timeout: patient(15_000), interval: 20 });
  // The exports asked for above are built by their job before the fingerprint.
  await t.services.jobs.idle();
  before = await databaseFingerprint(t.db);
});
afterAll(() => t.close());

/** Reads the value at a fieldName() path of a request, or writes one there (arrays: their first item). */
function valueAt(req: Req, field: string): unknown {
  const [loc, name] = field.includes(':') ? field.split(':') as ['path' | 'query', string] : ['body', field] as const;
  let node: unknown = loc === 'path' ? req.path : loc === 'query' ? req.query : req.body;
  for (const part of name.split('.')) node = (node as Record<string, unknown>)[part];
  return node;
}
function withValue(req: Req, field: string, value: unknown): Req {
  const copy = structuredClone(req);
  const [loc, name] = field.includes(':') ? field.split(':') as ['path' | 'query', string] : ['body', field] as const;
  const parts = name.split('.');
  let node = (loc === 'path' ? copy.path : loc === 'query' ? copy.query : copy.body) as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
  node[parts.at(-1)!] = value;
  return copy;
}

/** Sends as A's admin; the answer as text (some are CSV). */
async function send(route: string, req: Req) {
  const [method, template] = route.split(' ') as ['GET' | 'POST' | 'DELETE', string];
  let url = template!;
  for (const [k, v] of Object.entries(req.path ?? {})) url = url.replace(`{${k}}`, encodeURIComponent(v));
  if (req.query) url += `?${new URLSearchParams(req.query).toString()}`;
  const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${adminA}` }, ...(req.body ? { payload: req.body } : {}) });
  return { status: res.statusCode, text: res.body };
}

const cases = Object.entries(ROUTES).flatMap(([route, entry]) => Object.entries(entry.ids).map(([field, kind]) => [`${route} ${field} (${kind})`, route, entry, field, kind] as const));

describe("another school's id answers as an id that exists nowhere", () => {
  it.each(cases)('%s', async (_name, route, entry, field, kind) => {
    const make = entry.requestFor?.[field] ?? entry.request;
    const request = make(A);
    const foreign = valueAt(make(B), field);
    const unknown = Array.isArray(foreign) ? [randomUUID()] : randomUUID();
    const theirs = await send(route, withValue(request, field, foreign));
    const nowhere = await send(route, withValue(request, field, unknown));
    // Only the id under test may be wrong: a 400 of another field would hide the lookup.
    const errors = nowhere.status === 400 ? Object.keys((JSON.parse(nowhere.text) as { errors?: Record<string, string> }).errors ?? { _: '' }) : [];
    expect(errors.filter((f) => f !== field && !field.startsWith(`${f}.`)), nowhere.text.slice(0, 300)).toEqual([]);
    expect(theirs.text).toBe(nowhere.text);
    expect(theirs.status).toBe(nowhere.status);
    if (kind === 'subject') expect(theirs.status).toBe(404);
    if (kind === 'reference') expect([400, 404]).toContain(theirs.status);
    if (kind === 'filter') expect(theirs.status).toBe(200);
  });

  it('changed nothing in the database', async () => {
    const after = await databaseFingerprint(t.db);
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual([]);
  });
});

describe('the table above', () => {
  it('names every id field of every route of the OpenAPI document, and nothing else', () => {
    const inDocument = operationsOf(t.app).flatMap((op) => idFieldsOf(op).map((f) => `${routeName(op)} ${f}`)).sort();
    const covered = [
      ...Object.entries(ROUTES).flatMap(([route, e]) => Object.keys(e.ids).map((f) => `${route} ${f}`)),
      ...Object.entries(EXEMPT).flatMap(([route, fields]) => Object.keys(fields).map((f) => `${route} ${f}`)),
    ].sort();
    expect(covered).toEqual(inDocument);
  });

});
