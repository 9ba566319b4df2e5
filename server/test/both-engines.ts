/**
 * The server test files that run on both engines (decision 063): on PGlite in `npm test` like
 * every server test, and again on PostgreSQL and Redis in CI's second stage (the vitest project
 * `server-pg`, `npm run test:server:pg`). A file not named here runs once, on PGlite: that is the
 * default for a new file. Name a file here when what it proves could differ on PostgreSQL:
 * server/test/both-engines.test.ts checks that each entry exists and that every file that reads
 * TEST_DATABASE_URL or TEST_REDIS_URL is named.
 */
export const BOTH_ENGINES: readonly string[] = [
  // The database layer: RLS, the tenant wall between schools, the pool and the driver's errors,
  // migrations and the first start on PostgreSQL, the SQL twins of shared/money.ts (decision 056).
  'server/db/rls.test.ts',
  'server/db/tenant-wall.test.ts',
  // tx.prepared's statements run past Drizzle's per-call wrappers on PostgreSQL only (decision 065).
  'server/db/prepared-execution.test.ts',
  'server/db/lost-connection.test.ts',
  'server/db/loggable-error.test.ts',
  'server/first-start.test.ts',
  'server/lib/money-sql.test.ts',

  // Generated from the OpenAPI document (decision 024): every route against another school's ids
  // and against bad input, where the driver's casts and errors decide between 400/404 and 500;
  // every card route in a login-as (decision 069), whose "nothing changed" reads every table.
  'server/modules/authz.test.ts',
  'server/modules/authz-ids.test.ts',
  'server/modules/bad-input.test.ts',
  'server/modules/money-routes.test.ts',
  // Every route against a lapsed school (decision 071), whose "nothing changed" reads every table.
  'server/modules/lapsed-school.test.ts',
  // A group email's preview and count against the send's (issue 28): the same recipient query on both engines.
  'server/modules/communication/group-email-preview.test.ts',
  // Moving in (issue 30): usernames asked of the whole platform, a child matched through a parent's link.
  'server/modules/members/members-import-sources.test.ts',
  'server/modules/members/members-import-teachers.test.ts',
  // Weekly lessons (decision 099): each row booked in a savepoint of the one transaction, a clash a row's error.
  'server/modules/members/members-import-lessons.test.ts',

  // Locks and races: on PGlite (one connection) the "at once" calls queue; only PostgreSQL's
  // pool makes them race for the advisory lock, the row lock or the unique index.
  'server/modules/scheduling/lessons/clash-concurrency.test.ts',
  'server/modules/scheduling/makeup-slots/makeup-slots.test.ts',
  'server/modules/scheduling/credits/credits.test.ts',
  'server/modules/scheduling/reminders/lesson-reminders.test.ts',
  'server/modules/payroll/approve-race.test.ts',
  'server/modules/billing/late-fees/add-late-fees.test.ts',
  'server/modules/billing/recurring/issue-recurring.test.ts',
  'server/modules/billing/payments/charge-invoice.test.ts',
  'server/modules/billing/payments/charge-lease.test.ts',
  'server/modules/billing/payments/reconcile-pending.test.ts',
  'server/modules/billing/payments/refund-payment.test.ts',
  'server/modules/billing/invoices/invoice-core.test.ts',
  'server/modules/billing/plans/plans-api.test.ts',
  'server/modules/billing/family/autopay-job.test.ts',
  'server/modules/billing/family/pay-page.test.ts',
  'server/modules/billing/family/saved-cards.test.ts',
  'server/modules/store/store-api.test.ts',
  'server/modules/store-orders/store-orders-api.test.ts',
  'server/modules/store-orders/reconcile-orders.test.ts',
  'server/modules/school-plans/renewal.test.ts',
  'server/modules/school-plans/reconcile-first-period.test.ts',
  // The one reconciliation job over every kind of pending charge (decision 070): the outcome's conditional updates race on PostgreSQL.
  'server/modules/reconcile-lost-answers.test.ts',
  // A new school's first day (decision 076): the provider told from { kind: 'all' } transactions, the checklist's tenant wall.
  'server/modules/school-plans/self-register.test.ts',
  'server/modules/schools/setup-checklist.test.ts',
  // A school's own details and zone (decision 080): the tenant wall of its update, the lesson's instant on PostgreSQL's timestamptz.
  'server/modules/schools/own-school-details.test.ts',
  'server/modules/practice/timer/timer-api.test.ts',
  'server/modules/library/library-api.test.ts',
  'server/modules/auth/rate-limits.test.ts',

  // SQL whose answer the engine's settings or the driver's type mapping could change: aggregates
  // (bigint and numeric), dates computed in SQL, text search and order by name.
  'server/modules/dashboard/numbers.test.ts',
  'server/modules/billing/reports/payment-report.test.ts',
  'server/modules/billing/recurring/recurring.test.ts',
  'server/modules/reports/student-report.test.ts',
  'server/modules/scheduling/attendance/attendance-report.test.ts',
  'server/modules/scheduling/calendar-feed/calendar-feed.test.ts',
  'server/modules/payroll/payroll-api.test.ts',
  'server/modules/members/members-list.test.ts',
  'server/modules/members/members-filter.test.ts',
  // Pay rates follow the payroll right through the teacher screens and their export (issue 26).
  'server/modules/members/members-pay-rates.test.ts',
  // The data export (decision 092): every table read a page at a time by keyset in the school's scope,
  // instants written in UTC whatever the connection's zone, the job's claim with SKIP LOCKED.
  'server/modules/data-export/data-export.test.ts',
  // A push subscription's address checked when it is added and resolved again at send time (decision 068).
  'server/modules/web-push/web-push-api.test.ts',
  'server/modules/web-push/push-delivery.test.ts',

  // Chat's contact list and send path read the relations module's subqueries with the caller's id
  // as a parameter in `in (…)` lists, whose typing PostgreSQL decides (decision 081).
  'server/modules/chat/chat-parents.test.ts',

  // Redis: the adapters and two app nodes on one Redis (they skip themselves without TEST_REDIS_URL).
  'server/modules/health/health.test.ts',
  'server/modules/chat/chat-two-nodes.test.ts',
  'server/services/jobs/bullmq-runner.test.ts',
  'server/services/rate-limits/rate-limits.test.ts',
];
