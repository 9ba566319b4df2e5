import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { openTestDatabase } from '../test/test-database.js';
import { createSchool, createUser, type TestSchool } from '../test/factories.js';
import type { Database, TenantScope, Tx } from './client.js';
import {
  auditEvents, calendarFeeds, classGroups, classGroupStudents, emailMessages, families, familyMembers, genres, holidays, lessonReminders, lessons,
  lessonSeries, lessonSeriesStudents, lessonStudents, lessonTypes, makeupCredits, makeupSlots, merchantAccounts, parentChildren, rooms, schedulingSettings, schools,
  studentGenres, studentSignups, studentTeachers, teacherGenres, teacherPayRates, users,
  autopaySettings, billingSettings, invoiceCounters, invoiceLines, invoices, paymentCustomers, payments, recurringInvoices, savedCards,
  planSubscriptions, studentPlans, widgetSettings,
  schoolPlanBookings, schoolPlanCharges, schoolPlans,
  courseAssignments, courseLessonCompletions, courseLessonFiles, courseLessons, courses,
  favouriteSongs, practiceAssignments, practiceAssignmentStudents, practiceItemCompletions, practiceItems, practiceSessions, practiceTimers,
  libraryFiles, libraryShares,
  chatMessages,
  emailUnsubscribes, groupEmails,
  payrollAdjustments, payrollLessons, payrollLines, payrolls, payrollSettings,
  pushSubscriptions, sessions,
  supportReplies, supportRequests,
  storeCategories, storeProducts, storeSellers, storeStockAdjustments, storeWidgetItems,
  storeCartItems, storeOrderAddresses, storeOrderItems, storeOrders, storeOrderStatusChanges, storeSettings,
  quizCategories, quizzes, quizQuestions, quizAttempts,
  notifications, notificationPreferences,
  learnMorePages,
  earTrainerGoals, earTrainerProgress, earTrainerQuestions, earTrainerSets,
  dataExports,
} from './schema/index.js';

/**
 * The second wall of docs/domains/conventions.md "Tenancy": inside a school's transaction, a query with no tenant filter at
 * all still sees only that school's rows, and cannot write another school's. Runs on PGlite, and
 * on PostgreSQL when TEST_DATABASE_URL is set.
 */
let db: Database;
let a: TestSchool;
let b: TestSchool;

const SCHOOL_TABLES = {
  users, schools, class_groups: classGroups, class_group_students: classGroupStudents, parent_children: parentChildren,
  student_teachers: studentTeachers, student_genres: studentGenres, audit_events: auditEvents, email_messages: emailMessages,
  teacher_genres: teacherGenres, teacher_pay_rates: teacherPayRates, families, family_members: familyMembers,
  student_signups: studentSignups, merchant_accounts: merchantAccounts,
  scheduling_settings: schedulingSettings, lesson_types: lessonTypes, rooms, holidays, lesson_series: lessonSeries,
  lesson_series_students: lessonSeriesStudents, lessons, lesson_students: lessonStudents, makeup_credits: makeupCredits,
  lesson_reminders: lessonReminders, calendar_feeds: calendarFeeds, makeup_slots: makeupSlots,
  billing_settings: billingSettings, invoice_counters: invoiceCounters, invoices, invoice_lines: invoiceLines, payments,
  payment_customers: paymentCustomers, saved_cards: savedCards, autopay_settings: autopaySettings, recurring_invoices: recurringInvoices,
  student_plans: studentPlans, plan_subscriptions: planSubscriptions, widget_settings: widgetSettings,
  school_plan_bookings: schoolPlanBookings, school_plan_charges: schoolPlanCharges,
  courses, course_lessons: courseLessons, course_assignments: courseAssignments, course_lesson_completions: courseLessonCompletions, course_lesson_files: courseLessonFiles,
  practice_assignments: practiceAssignments, practice_assignment_students: practiceAssignmentStudents, practice_items: practiceItems,
  practice_item_completions: practiceItemCompletions, practice_timers: practiceTimers, practice_sessions: practiceSessions, favourite_songs: favouriteSongs,
  library_files: libraryFiles, library_shares: libraryShares,
  chat_messages: chatMessages,
  group_emails: groupEmails, email_unsubscribes: emailUnsubscribes,
  payroll_settings: payrollSettings, payrolls, payroll_lines: payrollLines, payroll_lessons: payrollLessons, payroll_adjustments: payrollAdjustments,
  push_subscriptions: pushSubscriptions,
  support_requests: supportRequests, support_replies: supportReplies,
  store_categories: storeCategories, store_products: storeProducts, store_sellers: storeSellers, store_stock_adjustments: storeStockAdjustments,
  store_widget_items: storeWidgetItems,
  store_settings: storeSettings, store_cart_items: storeCartItems, store_order_addresses: storeOrderAddresses, store_orders: storeOrders,
  store_order_items: storeOrderItems, store_order_status_changes: storeOrderStatusChanges,
  notifications, notification_preferences: notificationPreferences,
  learn_more_pages: learnMorePages,
  ear_trainer_questions: earTrainerQuestions, ear_trainer_progress: earTrainerProgress, ear_trainer_goals: earTrainerGoals,
  quiz_categories: quizCategories, quizzes, quiz_questions: quizQuestions, quiz_attempts: quizAttempts,
  data_exports: dataExports,
} satisfies Record<string, PgTable & { adminId: unknown }>;

beforeAll(async () => {
  db = await openTestDatabase();
  a = await createSchool(db);
  b = await createSchool(db);
  // A row in every school-owned table for both schools.
  await db.transaction({ kind: 'all' }, async (tx) => {
    const [genre] = await tx.select().from(genres).where(eq(genres.name, 'Flute'));
    for (const s of [a, b]) {
      await tx.insert(teacherGenres).values({ adminId: s.adminId, teacherId: s.teacher.id, genreId: genre!.id });
      await tx.insert(teacherPayRates).values({ adminId: s.adminId, teacherId: s.teacher.id, lessonKind: 'private', rateCents: 3500 });
      const [family] = await tx.insert(families).values({ adminId: s.adminId, name: 'Tester household' }).returning();
      await tx.insert(familyMembers).values({ adminId: s.adminId, familyId: family!.id, userId: s.parent.id });
      await tx.insert(studentSignups).values({ adminId: s.adminId, firstName: 'N', lastName: 'N', email: 'n@example.test', cellPhone: '(555) 555-0100', genres: [] });
      await tx.insert(merchantAccounts).values({
        adminId: s.adminId, gateway: 'sandbox', environment: 'sandbox', apiLoginIdEncrypted: 'x', apiLoginIdLast4: 'xxxx', transactionKeyEncrypted: 'x', transactionKeyLast4: 'xxxx',
      });
      await tx.insert(studentGenres).values({ adminId: s.adminId, studentId: s.student.id, genreId: genre!.id, level: 'beginner' });
      await tx.insert(classGroupStudents).values({ adminId: s.adminId, classGroupId: s.classGroupId, studentId: s.student.id });
      await tx.insert(auditEvents).values({ adminId: s.adminId, actorId: s.admin.id, action: 'loginas.start', targetUserId: s.teacher.id });
      await tx.insert(emailMessages).values({ adminId: s.adminId, kind: 'test', toAddress: s.admin.email, subject: 's', textBody: 't', htmlBody: 'h' });
      await tx.insert(groupEmails).values({
        adminId: s.adminId, senderId: s.admin.id, subject: 's', htmlBody: '<p>h</p>', recipientCount: 1,
        audience: { allStudents: true, allParents: false, allTeachers: false, classGroupIds: [], instrumentIds: [], teacherIds: [], userIds: [], activeOnly: true },
      });
      await tx.insert(emailUnsubscribes).values({ adminId: s.adminId, userId: s.student.id });
      const [session] = await tx.insert(sessions).values({ userId: s.student.id, tokenHash: `rls-${s.adminId}`, expiresAt: new Date(Date.now() + 3_600_000) }).returning();
      await tx.insert(pushSubscriptions).values({ adminId: s.adminId, userId: s.student.id, sessionId: session!.id, endpoint: `https://push.example.com/${s.adminId}`, p256dh: 'k', auth: 'a' });
      await insertSchedulingRows(tx, s);
      await insertBillingRows(tx, s);
      const courseLesson = await insertCourseRows(tx, s, genre!.id);
      await insertPracticeRows(tx, s);
      const [file] = await tx.insert(libraryFiles).values({ adminId: s.adminId, ownerId: s.admin.id, storageKey: `${s.adminId.replace(/-/g, '')}/probe`, name: 'Probe.pdf', contentType: 'application/pdf', kind: 'pdf', sizeBytes: 10 }).returning();
      await tx.insert(libraryShares).values({ adminId: s.adminId, fileId: file!.id, studentId: s.student.id });
      await tx.insert(chatMessages).values({ adminId: s.adminId, senderId: s.admin.id, receiverId: s.teacher.id, body: 'Hello' });
      const [support] = await tx.insert(supportRequests).values({ adminId: s.adminId, senderId: s.admin.id, category: 'problem', subject: 'Help', message: 'Please' }).returning();
      await tx.insert(dataExports).values({ adminId: s.adminId, requestedBy: s.admin.id, scope: 'school', fileName: 'cadenza-export.zip' });
      await tx.insert(supportReplies).values({ adminId: s.adminId, requestId: support!.id, body: 'Answered' });
      await tx.insert(notifications).values({ adminId: s.adminId, userId: s.student.id, kind: 'test', title: 'Hello' });
      await tx.insert(notificationPreferences).values({ adminId: s.adminId, userId: s.student.id, category: 'schedule', inApp: true, byEmail: false, byPush: false });
      await tx.insert(learnMorePages).values({ adminId: s.adminId, about: 'About us' });
      await tx.insert(courseLessonFiles).values({ adminId: s.adminId, lessonId: courseLesson, fileId: file!.id, position: 1 });
      await tx.insert(payrollSettings).values({ adminId: s.adminId });
      const [payroll] = await tx.insert(payrolls).values({ adminId: s.adminId, periodFrom: '2027-01-01', periodTo: '2027-01-31' }).returning();
      const [line] = await tx.insert(payrollLines).values({ adminId: s.adminId, payrollId: payroll!.id, teacherId: s.teacher.id, lessonKind: 'private', lessonCount: 1, rateCents: 3500, amountCents: 3500 }).returning();
      await tx.insert(payrollLessons).values({ adminId: s.adminId, payrollId: payroll!.id, lineId: line!.id, startsAt: new Date('2027-01-04T21:00:00Z'), lessonTypeName: 'Private', reason: 'held' });
      await tx.insert(payrollAdjustments).values({ adminId: s.adminId, payrollId: payroll!.id, teacherId: s.teacher.id, kind: 'bonus', amountCents: 100, reason: 'Probe' });
      const [category] = await tx.insert(storeCategories).values({ adminId: s.adminId, name: 'Books' }).returning();
      const [seller] = await tx.insert(storeSellers).values({ adminId: s.adminId, firstName: 'S', lastName: 'S', address: '1 St', state: 'NY', postalCode: '10001', cellPhone: '(212) 555-0100' }).returning();
      const [product] = await tx.insert(storeProducts).values({ adminId: s.adminId, itemName: 'Book', priceCents: 500, stock: 1, categoryId: category!.id, sellerId: seller!.id }).returning();
      await tx.insert(storeStockAdjustments).values({ adminId: s.adminId, productId: product!.id, change: 1, stockAfter: 1, reason: 'Opening stock' });
      await tx.insert(storeWidgetItems).values({ adminId: s.adminId, productId: product!.id, position: 0 });
      await tx.insert(storeSettings).values({ adminId: s.adminId });
      await tx.insert(storeCartItems).values({ adminId: s.adminId, userId: s.student.id, productId: product!.id, storeAdminId: s.adminId, quantity: 1 });
      const shipTo = { firstName: 'S', lastName: 'S', address1: '1 St', city: 'Albany', state: 'NY', postalCode: '12207', country: 'US', phone: '(212) 555-0100', email: 's@example.test' };
      const [address] = await tx.insert(storeOrderAddresses).values({ adminId: s.adminId, userId: s.student.id, ...shipTo }).returning();
      const [order] = await tx.insert(storeOrders).values({
        adminId: s.adminId, buyerAdminId: s.adminId, orderNumber: 1001, userId: s.student.id, addressId: address!.id, ...shipTo,
        subtotalCents: 500, taxCents: 0, shippingCents: 0, grandTotalCents: 500, idempotencyKey: 'rls-test',
      }).returning();
      await tx.insert(storeOrderItems).values({
        adminId: s.adminId, buyerAdminId: s.adminId, orderId: order!.id, productId: product!.id, itemName: 'Book', unitPriceCents: 500, quantity: 1, lineTotalCents: 500, taxApplicable: false,
      });
      await tx.insert(storeOrderStatusChanges).values({ adminId: s.adminId, buyerAdminId: s.adminId, orderId: order!.id, toStatus: 'pending' });
      const item = { kind: 'interval' as const, name: '5P', play: 'ascending' as const };
      await tx.insert(earTrainerQuestions).values({ adminId: s.adminId, studentId: s.student.id, item, itemKey: 'interval:5P:ascending', root: 60 });
      await tx.insert(earTrainerProgress).values({ adminId: s.adminId, studentId: s.student.id, itemKey: 'interval:5P:ascending', label: 'Perfect fifth', dueAt: new Date() });
      await tx.insert(earTrainerGoals).values({ adminId: s.adminId, studentId: s.student.id, questionsPerWeek: 10 });
      const [quizCategory] = await tx.insert(quizCategories).values({ adminId: s.adminId, name: 'Notes' }).returning();
      const [quiz] = await tx.insert(quizzes).values({ adminId: s.adminId, categoryId: quizCategory!.id, title: 'Notes' }).returning();
      await tx.insert(quizQuestions).values({ adminId: s.adminId, quizId: quiz!.id, position: 1, kind: 'trueFalse', prompt: 'C?', answers: ['True', 'False'], correct: [0] });
      await tx.insert(quizAttempts).values({ adminId: s.adminId, quizId: quiz!.id, studentId: s.student.id, total: 1 });
    }
  });
});

/** One row of each course table (issue 13) for a school. */
async function insertCourseRows(tx: Tx, s: TestSchool, genreId: string): Promise<string> {
  const adminId = s.adminId;
  const [course] = await tx.insert(courses).values({ adminId, title: 'Scales', genreId, level: 'beginner', status: 'approved', createdBy: s.admin.id }).returning();
  const [lesson] = await tx.insert(courseLessons).values({ adminId, courseId: course!.id, position: 1, title: 'C major' }).returning();
  await tx.insert(courseAssignments).values({ adminId, courseId: course!.id, studentId: s.student.id });
  await tx.insert(courseLessonCompletions).values({ adminId, lessonId: lesson!.id, studentId: s.student.id });
  return lesson!.id;
}
/** One row of each scheduling table (issue 4) for a school. */
async function insertSchedulingRows(tx: Tx, s: TestSchool) {
  const adminId = s.adminId;
  await tx.insert(schedulingSettings).values({ adminId });
  const [type] = await tx.insert(lessonTypes).values({ adminId, name: 'Private Lesson', kind: 'private', durationMinutes: 30 }).returning();
  await tx.insert(rooms).values({ adminId, roomName: 'Studio' });
  await tx.insert(holidays).values({ adminId, name: 'Closed', startsOn: '2027-01-01', endsOn: '2027-01-01' });
  const [series] = await tx.insert(lessonSeries).values({
    adminId, teacherId: s.teacher.id, lessonTypeId: type!.id, rrule: 'FREQ=WEEKLY;COUNT=2', startsLocal: '2027-01-04T16:00', durationMinutes: 30, timeZone: 'America/New_York',
  }).returning();
  await tx.insert(lessonSeriesStudents).values({ adminId, seriesId: series!.id, studentId: s.student.id });
  const [lesson] = await tx.insert(lessons).values({
    adminId, teacherId: s.teacher.id, lessonTypeId: type!.id, startsAt: new Date('2027-01-04T21:00:00Z'), endsAt: new Date('2027-01-04T21:30:00Z'),
  }).returning();
  await tx.insert(lessonStudents).values({ adminId, lessonId: lesson!.id, studentId: s.student.id });
  await tx.insert(makeupCredits).values({ adminId, studentId: s.student.id, lessonId: lesson!.id, expiresAt: new Date('2027-03-05T21:00:00Z') });
  await tx.insert(lessonReminders).values({ adminId, lessonId: lesson!.id, userId: s.student.id });
  await tx.insert(makeupSlots).values({
    adminId, teacherId: s.teacher.id, lessonTypeId: type!.id, startsAt: new Date('2027-01-05T21:00:00Z'), endsAt: new Date('2027-01-05T21:30:00Z'), createdBy: s.admin.id,
  });
  await tx.insert(calendarFeeds).values({ adminId, userId: s.student.id, tokenHash: `hash-${adminId}`, tokenSealed: 'sealed' });
}

/** One row of each billing table (issue 11) for a school. */
async function insertBillingRows(tx: Tx, s: TestSchool) {
  const adminId = s.adminId;
  await tx.insert(billingSettings).values({ adminId });
  await tx.insert(invoiceCounters).values({ adminId, lastNumber: 1 });
  const [invoice] = await tx.insert(invoices).values({
    adminId, number: 1, studentId: s.student.id, payerId: s.parent.id, status: 'open', issuedOn: '2027-01-01', dueOn: '2027-01-15',
    subtotalCents: 5000, totalCents: 5000, payTokenHash: `pay-${adminId}`, payTokenSealed: 'sealed',
  }).returning();
  await tx.insert(invoiceLines).values({ adminId, invoiceId: invoice!.id, position: 0, description: 'Lesson', unitPriceCents: 5000, amountCents: 5000 });
  await tx.insert(payments).values({ adminId, invoiceId: invoice!.id, studentId: s.student.id, payerId: s.parent.id, method: 'cash', source: 'staff', status: 'succeeded', amountCents: 1000 });
  const [customer] = await tx.insert(paymentCustomers).values({ adminId, userId: s.parent.id, gateway: 'sandbox', testMode: true, customerProfileId: 'c1' }).returning();
  await tx.insert(savedCards).values({ adminId, ownerId: s.parent.id, customerId: customer!.id, customerPaymentProfileId: 'p1', brand: 'Visa', last4: '1111', expMonth: 12, expYear: 2030 });
  await tx.insert(autopaySettings).values({ adminId, studentId: s.student.id, enabled: false });
  await tx.insert(recurringInvoices).values({
    adminId, studentId: s.student.id, lines: [{ description: 'Tuition', quantity: 1, unitPriceCents: 12000 }], frequency: 'monthly', dayOfMonth: 1, startsOn: '2027-01-01', nextIssueOn: '2027-01-01',
  });
  const [plan] = await tx.insert(studentPlans).values({ adminId, name: 'Piano', priceCents: 12000, period: 'monthly', lessonsPerPeriod: 4, lessonMinutes: 30, lessonKind: 'private' }).returning();
  await tx.insert(planSubscriptions).values({ adminId, planId: plan!.id, studentId: s.student.id, requestedBy: s.parent.id });
  await tx.insert(widgetSettings).values({ adminId, planWidget: false });
  const [schoolPlan] = await tx.insert(schoolPlans).values({ planName: 'Studio', priceCents: 4900, schoolPrivateTeacher: 'school', billingPeriod: 'monthly' }).returning();
  const [booking] = await tx.insert(schoolPlanBookings).values({
    adminId, planId: schoolPlan!.id, paymentMethod: 'invoice', periodStartsOn: '2027-01-01', renewsOn: '2027-02-01',
  }).returning();
  await tx.insert(schoolPlanCharges).values({
    adminId, bookingId: booking!.id, planId: schoolPlan!.id, planName: 'Studio', periodStartsOn: '2027-01-01', periodEndsOn: '2027-01-31',
    amountCents: 4900, method: 'invoice', status: 'invoiced', idempotencyKey: `plan-${adminId}`,
  });
}

/** An assignment with an item ticked, a stopped timer and its session, a favourite song. */
async function insertPracticeRows(tx: Tx, s: TestSchool) {
  const adminId = s.adminId;
  const [assignment] = await tx.insert(practiceAssignments).values({ adminId, createdBy: s.teacher.id, dueOn: '2027-01-01', minutesPerDay: 20 }).returning();
  await tx.insert(practiceAssignmentStudents).values({ adminId, assignmentId: assignment!.id, studentId: s.student.id });
  const [item] = await tx.insert(practiceItems).values({ adminId, assignmentId: assignment!.id, title: 'Minuet', position: 0 }).returning();
  await tx.insert(practiceItemCompletions).values({ adminId, itemId: item!.id, studentId: s.student.id });
  const [timer] = await tx.insert(practiceTimers).values({ adminId, studentId: s.student.id, status: 'stopped', practicedOn: '2027-01-01', startedAt: new Date(), accumulatedSeconds: 60 }).returning();
  await tx.insert(practiceSessions).values({ adminId, studentId: s.student.id, timerId: timer!.id, practicedOn: '2027-01-01', seconds: 60 });
  await tx.insert(favouriteSongs).values({ adminId, studentId: s.student.id, title: 'Clair de Lune' });
}

afterAll(() => db.close());

const schoolA = (): TenantScope => ({ kind: 'school', adminId: a.adminId });

/** Drizzle wraps the database error; the policy's refusal is its cause. */
async function expectRlsRefusal(work: Promise<unknown>) {
  const error = await work.then(() => null, (e: Error & { cause?: Error }) => e);
  expect(error, 'the statement should have failed').not.toBeNull();
  expect(String(error!.cause?.message ?? error!.message)).toMatch(/new row violates row-level security policy/);
}

describe('row-level security', () => {
  it.each(Object.keys(SCHOOL_TABLES))('%s: an unfiltered select in school A’s transaction answers A’s rows only', async (name) => {
    const table = SCHOOL_TABLES[name as keyof typeof SCHOOL_TABLES];
    const everyRow = await db.transaction({ kind: 'all' }, (tx) => tx.select({ adminId: table.adminId }).from(table));
    const rowsOfA = everyRow.filter((r) => r.adminId === a.adminId);
    expect(rowsOfA.length).toBeGreaterThan(0);
    expect(everyRow.some((r) => r.adminId === b.adminId)).toBe(true);
    const seen = await db.transaction(schoolA(), (tx) => tx.select({ adminId: table.adminId }).from(table));
    expect(seen).toHaveLength(rowsOfA.length);
    expect(seen.every((r) => r.adminId === a.adminId)).toBe(true);
  });

  it('covers every table that has an admin_id column', async () => {
    const found = await db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'admin_id' order by table_name`));
    expect(found.rows.map((r) => String(r.table_name)).sort()).toEqual(Object.keys(SCHOOL_TABLES).sort());
  });

  it('shows school A’s users, classes and links, and nothing of B, to plain selects', async () => {
    const seen = await db.transaction(schoolA(), async (tx) => ({
      users: (await tx.select().from(users)).map((u) => u.id).sort(),
      classGroups: (await tx.select().from(classGroups)).map((g) => g.id),
      parentChildren: (await tx.select().from(parentChildren)).map((p) => p.studentId),
      studentTeachers: (await tx.select().from(studentTeachers)).map((s) => s.teacherId),
    }));
    expect(seen).toEqual({
      users: [a.admin, a.subadmin, a.teacher, a.student, a.otherStudent, a.parent].map((u) => u.id).sort(),
      classGroups: [a.classGroupId],
      parentChildren: [a.student.id],
      studentTeachers: [a.teacher.id],
    });
  });

  it('hides B’s rows even when asked for them by id', async () => {
    const found = await db.transaction(schoolA(), (tx) => tx.select().from(users).where(eq(users.id, b.teacher.id)));
    expect(found).toEqual([]);
  });

  it('refuses to insert a row for school B inside school A’s transaction', async () => {
    await expectRlsRefusal(db.transaction(schoolA(), (tx) => tx.insert(classGroups).values({ adminId: b.adminId, name: 'Smuggled' })));
    await expectRlsRefusal(db.transaction(schoolA(), (tx) =>
      tx.insert(users).values({ adminId: b.adminId, role: 'student', username: 'smuggled-student', firstName: 'S', lastName: 'S' })));
    const smuggled = await db.transaction({ kind: 'all' }, (tx) => tx.select().from(classGroups).where(eq(classGroups.name, 'Smuggled')));
    expect(smuggled).toEqual([]);
  });

  it('cannot update or delete B’s rows from A, nor move A’s rows to B', async () => {
    const changed = await db.transaction(schoolA(), (tx) =>
      tx.update(users).set({ firstName: 'Hacked' }).where(eq(users.id, b.teacher.id)).returning());
    expect(changed).toEqual([]);
    const deleted = await db.transaction(schoolA(), (tx) => tx.delete(classGroups).where(eq(classGroups.id, b.classGroupId)).returning());
    expect(deleted).toEqual([]);
    await expectRlsRefusal(db.transaction(schoolA(), (tx) =>
      tx.update(classGroups).set({ adminId: b.adminId }).where(eq(classGroups.id, a.classGroupId))));
    const [teacherB] = await db.transaction({ kind: 'all' }, (tx) => tx.select().from(users).where(eq(users.id, b.teacher.id)));
    expect(teacherB!.firstName).toBe('Teacher');
  });

  it('lets a transaction of every school see both, and the scope ends with its transaction', async () => {
    const all = await db.transaction({ kind: 'all' }, (tx) => tx.select({ adminId: classGroups.adminId }).from(classGroups));
    expect(new Set(all.map((r) => r.adminId))).toEqual(new Set([a.adminId, b.adminId]));
    // A, then B, then A again on whatever connection comes: each sees its own.
    for (const s of [a, b, a]) {
      const rows = await db.transaction({ kind: 'school', adminId: s.adminId }, (tx) => tx.select({ adminId: classGroups.adminId }).from(classGroups));
      expect(rows.map((r) => r.adminId)).toEqual([s.adminId]);
    }
  });

  it('lets every school read the provider’s courses, lessons and attachments, and none change them', async () => {
    const provider = await createUser(db, 'superadmin', null);
    const [genre] = await db.transaction({ kind: 'all' }, (tx) => tx.select().from(genres).limit(1));
    const [course] = await db.transaction({ kind: 'all' }, (tx) => tx.insert(courses).values({
      adminId: provider.id, provider: true, title: 'Provider theory', genreId: genre!.id, level: 'beginner', status: 'approved',
    }).returning());
    try {
      const lesson = await db.transaction({ kind: 'all' }, async (tx) => {
        const [l] = await tx.insert(courseLessons).values({ adminId: provider.id, courseId: course!.id, position: 1, title: 'Notes' }).returning();
        const [f] = await tx.insert(libraryFiles).values({
          adminId: provider.id, storageKey: `${provider.id.replace(/-/g, '')}/probe`, name: 'Handout.pdf', contentType: 'application/pdf', kind: 'pdf', sizeBytes: 10,
        }).returning();
        await tx.insert(courseLessonFiles).values({ adminId: provider.id, lessonId: l!.id, fileId: f!.id, position: 1 });
        return l!;
      });
      for (const s of [a, b]) {
        const seen = await db.transaction({ kind: 'school', adminId: s.adminId }, async (tx) => ({
          courses: (await tx.select().from(courses).where(eq(courses.id, course!.id))).length,
          lessons: (await tx.select().from(courseLessons).where(eq(courseLessons.courseId, course!.id))).length,
          attachments: (await tx.select().from(courseLessonFiles).where(eq(courseLessonFiles.lessonId, lesson.id))).length,
          // The provider's library itself stays its own: the course module reads it in the provider's scope.
          files: (await tx.select().from(libraryFiles).where(eq(libraryFiles.adminId, provider.id))).length,
          changed: (await tx.update(courses).set({ title: 'Hacked' }).where(eq(courses.id, course!.id)).returning()).length,
          detached: (await tx.delete(courseLessonFiles).where(eq(courseLessonFiles.lessonId, lesson.id)).returning()).length,
          deleted: (await tx.delete(courseLessons).where(eq(courseLessons.courseId, course!.id)).returning()).length,
        }));
        expect(seen).toEqual({ courses: 1, lessons: 1, attachments: 1, files: 0, changed: 0, detached: 0, deleted: 0 });
      }
      await expectRlsRefusal(db.transaction(schoolA(), (tx) => tx.insert(courses).values({
        adminId: provider.id, provider: true, title: 'Smuggled', genreId: genre!.id, level: 'beginner', status: 'approved',
      })));
    } finally {
      // The other tests count each school's rows: the provider's course leaves with its lessons.
      await db.transaction({ kind: 'all' }, (tx) => tx.delete(courses).where(eq(courses.id, course!.id)));
      await db.transaction({ kind: 'all' }, (tx) => tx.delete(users).where(eq(users.id, provider.id)));
    }
  });

  it('lets every school read the ear-trainer sets, and only an all-schools transaction write them', async () => {
    const [set] = await db.transaction({ kind: 'all' }, (tx) => tx.insert(earTrainerSets).values({ name: 'RLS probe', level: 'beginner', items: [] }).returning());
    const seen = await db.transaction({ kind: 'school', adminId: a.adminId }, async (tx) => ({
      read: (await tx.select().from(earTrainerSets).where(eq(earTrainerSets.id, set!.id))).length,
      changed: (await tx.update(earTrainerSets).set({ name: 'Smuggled' }).where(eq(earTrainerSets.id, set!.id)).returning()).length,
      deleted: (await tx.delete(earTrainerSets).where(eq(earTrainerSets.id, set!.id)).returning()).length,
    }));
    expect(seen).toEqual({ read: 1, changed: 0, deleted: 0 });
    await expectRlsRefusal(db.transaction(schoolA(), (tx) => tx.insert(earTrainerSets).values({ name: 'Smuggled', level: 'beginner', items: [] })));
    await db.transaction({ kind: 'all' }, (tx) => tx.delete(earTrainerSets).where(eq(earTrainerSets.id, set!.id)));
  });

  it('runs the queries as a role that is neither superuser nor allowed to bypass RLS', async () => {
    const [role] = await db.transaction(schoolA(), async (tx) => {
      const res = await tx.execute(sql`select current_user as name, rolsuper, rolbypassrls from pg_roles where rolname = current_user`);
      return res.rows as { name: string; rolsuper: boolean; rolbypassrls: boolean }[];
    });
    expect(role).toEqual({ name: 'cadenza_app', rolsuper: false, rolbypassrls: false });
  });

  it('has RLS enabled and forced on every table with an admin_id column', async () => {
    const tables = await db.transaction({ kind: 'all' }, async (tx) => {
      const res = await tx.execute(sql`
        select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced
        from information_schema.columns col
        join pg_class c on c.relname = col.table_name
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = col.table_schema
        where col.table_schema = 'public' and col.column_name = 'admin_id' and c.relkind = 'r'
        order by c.relname`);
      return res.rows as { name: string; enabled: boolean; forced: boolean }[];
    });
    expect(tables.map((r) => r.name).sort()).toEqual(Object.keys(SCHOOL_TABLES).sort());
    expect(tables.filter((r) => !r.enabled || !r.forced)).toEqual([]);
  });
});
