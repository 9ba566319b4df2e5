import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { ModuleDefinition } from '../lib/module-definition.js';
import { CHARGE_ONCE, RECONCILE_LOST_ANSWERS_JOB, reconcileKinds } from '../services/payments/charge-once.js';
import { activities } from './activities/index.js';
import { auth } from './auth/index.js';
import { billing } from './billing/index.js';
import { chat } from './chat/index.js';
import { classes } from './classes/index.js';
import { courses } from './courses/index.js';
import { communication } from './communication/index.js';
import { dashboard } from './dashboard/index.js';
import { dataExport } from './data-export/index.js';
import { families } from './families/index.js';
import { favourites } from './favourites/index.js';
import { genres } from './genres/index.js';
import { health } from './health/index.js';
import { library } from './library/index.js';
import { members } from './members/index.js';
import { learnMore } from './learn-more/index.js';
import { merchant } from './merchant/index.js';
import { myBiz } from './my-biz/index.js';
import { payroll } from './payroll/index.js';
import { notifications } from './notifications/index.js';
import { practice } from './practice/index.js';
import { profile } from './profile/index.js';
import { reports } from './reports/index.js';
import { scheduling } from './scheduling/index.js';
import { schoolPlans } from './school-plans/index.js';
import { schools } from './schools/index.js';
import { signupWidget } from './signup-widget/index.js';
import { webPush } from './web-push/index.js';
import { help } from './help/index.js';
import { support } from './support/index.js';
import { store } from './store/index.js';
import { earTrainer } from './ear-trainer/index.js';
import { quizzes } from './quizzes/index.js';
import { storeOrders } from './store-orders/index.js';
import { storeInvoices } from './store-invoices/index.js';

/** Every module of the API: each declares its routes, jobs and demo data in its own index.ts. */
export const MODULES: readonly ModuleDefinition[] = [
  health, auth, profile, dashboard, members, genres, schools, classes, scheduling, families, activities, signupWidget, merchant, billing,
  // The library before courses: the courses' demo attaches the library's demo files.
  schoolPlans, library, courses, practice, favourites, chat, communication, notifications, payroll, webPush, help, support, reports,
  // After the library: the store's demo items carry demo images. Orders after the store: its demo orders name its items.
  store, storeOrders, storeInvoices, earTrainer, quizzes,
  myBiz, learnMore, dataExport,
];

/**
 * The one reconciliation job of lost gateway answers (decision 070): every module's kinds of
 * pending charge (billing's invoices, school plans' periods, the store's orders), settled in one
 * run, each through its own callback.
 */
export const reconcileLostAnswersOf = (db: Database, config: Config) => {
  const kinds = MODULES.flatMap((m) => m.chargeKinds?.({ db, config }) ?? []);
  return (now?: Date) => reconcileKinds(kinds, now);
};

/** Registers every module under /api: its routes under their prefixes, then its timed jobs. */
export const registerModules: FastifyPluginAsync = async (app) => {
  const { jobs, db, config, storage } = app.services;
  const onError = (name: string, error: unknown) => app.log.error({ err: error }, `job ${name} failed`);
  // Each operation of the OpenAPI document names its module (x-module): the contracts' test counts by module (decision 059).
  let registering = '';
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, 'x-module': registering } as typeof route.schema;
  });
  for (const definition of MODULES) {
    registering = definition.name;
    for (const { plugin, prefix, options } of definition.routes) await app.register(plugin, { ...options, prefix });
    definition.jobs?.({ jobs, db, config, storage, onError });
  }
  const reconcile = reconcileLostAnswersOf(db, config);
  jobs.register(RECONCILE_LOST_ANSWERS_JOB, () => reconcile(), CHARGE_ONCE.reconcileSweepMs);
};

/** Each module's demo data, in the order of MODULES (server/demo.ts runs them after the people). */
export const DEMO_SEEDERS = MODULES.flatMap((m) => (m.seedDemo ? [m.seedDemo] : []));

/**
 * The demo seeders that also seed a browser spec's own school (server/demo.ts seedDemoSchool,
 * decision 064): they find Riverside's people through ctx.login and seed nothing outside Riverside.
 * The others join as they learn to.
 */
export const SCHOOL_DEMO_SEEDERS = [
  scheduling, library, practice, favourites, communication, courses, learnMore, billing, schoolPlans, store, storeOrders,
  earTrainer,
].flatMap((m) => (m.seedDemo ? [m.seedDemo] : []));
