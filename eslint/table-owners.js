// Every table belongs to one module: only its owner writes it (Drizzle insert/update/delete, or a
// raw SQL insert, update or delete in a sql`` template); another module changes it through the
// owner's entry (decision 058). The map below is the one home of who owns what: the lint rule
// reads it, and a test checks that every table exported by server/db/schema is in it.

/**
 * owner → { Drizzle export: SQL table name }. An owner is a module folder under server/modules,
 * or `services/email` (the outbox every module queues into through queueEmail).
 */
export const TABLE_OWNERS = {
  activities: { auditEvents: 'audit_events' },
  auth: { users: 'users', sessions: 'sessions', userTokens: 'user_tokens' },
  billing: {
    billingSettings: 'billing_settings', invoiceCounters: 'invoice_counters', invoices: 'invoices', invoiceLines: 'invoice_lines',
    payments: 'payments', paymentCustomers: 'payment_customers', savedCards: 'saved_cards', autopaySettings: 'autopay_settings',
    recurringInvoices: 'recurring_invoices', studentPlans: 'student_plans', planSubscriptions: 'plan_subscriptions', widgetSettings: 'widget_settings',
  },
  chat: { chatMessages: 'chat_messages' },
  classes: { classGroups: 'class_groups', classGroupStudents: 'class_group_students' },
  communication: { groupEmails: 'group_emails', emailUnsubscribes: 'email_unsubscribes' },
  courses: {
    courses: 'courses', courseLessons: 'course_lessons', courseAssignments: 'course_assignments',
    courseLessonCompletions: 'course_lesson_completions', courseLessonFiles: 'course_lesson_files',
  },
  'ear-trainer': {
    earTrainerSets: 'ear_trainer_sets', earTrainerQuestions: 'ear_trainer_questions', earTrainerProgress: 'ear_trainer_progress', earTrainerGoals: 'ear_trainer_goals',
  },
  'data-export': { dataExports: 'data_exports' },
  families: { families: 'families', familyMembers: 'family_members', parentChildren: 'parent_children' },
  favourites: { favouriteSongs: 'favourite_songs' },
  genres: { genres: 'genres' },
  'learn-more': { learnMorePages: 'learn_more_pages' },
  library: { libraryFiles: 'library_files', libraryShares: 'library_shares' },
  members: {
    studentGenres: 'student_genres', studentTeachers: 'student_teachers',
    teacherGenres: 'teacher_genres', teacherPayRates: 'teacher_pay_rates',
  },
  merchant: { merchantAccounts: 'merchant_accounts' },
  'my-biz': { bizCategories: 'biz_categories', bizArticles: 'biz_articles' },
  notifications: { notifications: 'notifications', notificationPreferences: 'notification_preferences' },
  payroll: {
    payrollSettings: 'payroll_settings', payrolls: 'payrolls', payrollLines: 'payroll_lines', payrollLessons: 'payroll_lessons',
    payrollAdjustments: 'payroll_adjustments',
  },
  practice: {
    practiceAssignments: 'practice_assignments', practiceAssignmentStudents: 'practice_assignment_students', practiceItems: 'practice_items',
    practiceItemCompletions: 'practice_item_completions', practiceTimers: 'practice_timers', practiceSessions: 'practice_sessions',
  },
  quizzes: { quizCategories: 'quiz_categories', quizzes: 'quizzes', quizQuestions: 'quiz_questions', quizAttempts: 'quiz_attempts' },
  scheduling: {
    schedulingSettings: 'scheduling_settings', lessonTypes: 'lesson_types', rooms: 'rooms', holidays: 'holidays', lessonSeries: 'lesson_series',
    lessonSeriesStudents: 'lesson_series_students', lessons: 'lessons', lessonStudents: 'lesson_students', makeupCredits: 'makeup_credits',
    makeupSlots: 'makeup_slots', lessonReminders: 'lesson_reminders', calendarFeeds: 'calendar_feeds',
  },
  'school-plans': { schoolPlans: 'school_plans', schoolPlanBookings: 'school_plan_bookings', schoolPlanCharges: 'school_plan_charges' },
  schools: { schools: 'schools' },
  'signup-widget': { studentSignups: 'student_signups' },
  store: {
    storeCategories: 'store_categories', storeSellers: 'store_sellers', storeProducts: 'store_products',
    storeStockAdjustments: 'store_stock_adjustments', storeWidgetItems: 'store_widget_items', storeCartItems: 'store_cart_items',
  },
  'store-orders': {
    storeSettings: 'store_settings', storeOrderAddresses: 'store_order_addresses', storeOrders: 'store_orders',
    storeOrderItems: 'store_order_items', storeOrderStatusChanges: 'store_order_status_changes',
  },
  support: { supportRequests: 'support_requests', supportReplies: 'support_replies' },
  'web-push': { vapidKeys: 'vapid_keys', pushSubscriptions: 'push_subscriptions' },
  'services/email': { emailMessages: 'email_messages' },
};

/**
 * Files that may write any table: the demo's seeders (a made-up school written in one go at first
 * start, like the tests' factories), tests and their kits. Decision 058 says why.
 */
export const EXEMPT = [
  '**/*.test.ts',
  'server/test/**',
  'server/modules/**/*test-kit.ts',
  'server/db/seed-demo.ts',
  'server/modules/*/demo.ts',
  'server/modules/*/demo/**',
  'server/modules/*/*/demo/**',
];

const bySymbol = (owners) => new Map(Object.entries(owners).flatMap(([owner, tables]) => Object.keys(tables).map((s) => [s, { owner, table: tables[s] }])));
const byName = (owners) => new Map(Object.entries(owners).flatMap(([owner, tables]) => Object.values(tables).map((t) => [t, owner])));

/** The owner a file writes as: its module's folder, `services/<x>`, or none (null). */
function placeOf(filename) {
  const path = filename.replaceAll('\\', '/');
  const m = /\/server\/modules\/([^/]+)\//.exec(path) ?? /\/server\/(services\/[^/]+)\//.exec(path);
  return m ? m[1] : null;
}

const SCHEMA_SOURCE = /(^|\/)db\/schema(\/[\w-]+)?(\.js)?$/;
const DRIZZLE_WRITES = new Set(['insert', 'update', 'delete']);
// A write statement and the table it names, as SQL spells it (quoted or not, schema-qualified or not).
const SQL_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
const SQL_WRITE_BEFORE_VALUE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?$/i;

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'A table is written only by its owner module (decision 058).' },
    schema: [],
    messages: {
      notOwner: '{{table}} belongs to the module {{owner}}: write it through that module\'s entry (eslint/table-owners.js, decision 058).',
    },
  },
  create(context) {
    const symbols = bySymbol(TABLE_OWNERS);
    const names = byName(TABLE_OWNERS);
    const place = placeOf(context.filename);
    const imported = new Map(); // local name → schema export
    const namespaces = new Set(); // import * as schema

    const check = (node, table, owner) => {
      if (owner !== place) context.report({ node, messageId: 'notOwner', data: { table, owner } });
    };
    const tableOfExpression = (node) => {
      if (node?.type === 'Identifier' && imported.has(node.name)) return symbols.get(imported.get(node.name));
      if (node?.type === 'MemberExpression' && !node.computed && node.object.type === 'Identifier' && namespaces.has(node.object.name)) {
        return symbols.get(node.property.name);
      }
      return undefined;
    };
    const checkSqlText = (node, text) => {
      for (const m of text.matchAll(SQL_WRITE)) {
        const owner = names.get(m[1].toLowerCase());
        if (owner) check(node, m[1].toLowerCase(), owner);
      }
    };

    return {
      ImportDeclaration(node) {
        if (!SCHEMA_SOURCE.test(node.source.value)) return;
        for (const s of node.specifiers) {
          if (s.type === 'ImportSpecifier') imported.set(s.local.name, s.imported.name ?? s.imported.value);
          else if (s.type === 'ImportNamespaceSpecifier') namespaces.add(s.local.name);
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed) return;
        // sql.raw('update …'): the statement as a plain string.
        if (callee.property.name === 'raw' && callee.object.type === 'Identifier' && callee.object.name === 'sql') {
          const arg = node.arguments[0];
          if (arg?.type === 'Literal' && typeof arg.value === 'string') checkSqlText(node, arg.value);
          return;
        }
        if (!DRIZZLE_WRITES.has(callee.property.name)) return;
        const found = tableOfExpression(node.arguments[0]);
        if (found) check(node, found.table, found.owner);
      },
      TaggedTemplateExpression(node) {
        const tag = node.tag;
        const isSql = (tag.type === 'Identifier' && tag.name === 'sql') || (tag.type === 'MemberExpression' && tag.property.name === 'sql');
        if (!isSql) return;
        const { quasis, expressions } = node.quasi;
        quasis.forEach((q, i) => {
          checkSqlText(node, q.value.cooked ?? q.value.raw);
          // insert into ${users} …: the table interpolated as a Drizzle symbol.
          if (i < expressions.length && SQL_WRITE_BEFORE_VALUE.test(q.value.cooked ?? q.value.raw)) {
            const found = tableOfExpression(expressions[i]);
            if (found) check(node, found.table, found.owner);
          }
        });
      },
    };
  },
};

export const tableOwnersPlugin = { rules: { 'write-by-owner': rule } };

/** The lint block of eslint.config.js (one entry); the fixtures' test runs the same block. */
export function tableOwnersConfig() {
  return {
    files: ['server/**/*.ts'],
    ignores: EXEMPT,
    plugins: { 'table-owners': tableOwnersPlugin },
    rules: { 'table-owners/write-by-owner': 'error' },
  };
}
