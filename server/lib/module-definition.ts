import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Database, Tx } from '../db/client.js';
import type { DemoContext } from '../db/seed-demo.js';
import type { JobRunner } from '../services/jobs/job-runner.js';
import type { ChargeKind } from '../services/payments/charge-once.js';
import type { FileStorage } from '../services/storage/storage.js';

/** A plugin of routes and the prefix it serves under /api. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- plugins differ in their options (members passes a kind)
export type ModuleRoutes = { plugin: FastifyPluginAsyncZod<any>; prefix?: string; options?: object };

/** What a module's jobs are given; `storage` for jobs that read or write uploaded files (the data export, decision 092). */
export type ModuleJobsContext = { jobs: JobRunner; db: Database; config: Config; storage: FileStorage; onError: (name: string, error: unknown) => void };

/**
 * What a domain module declares in its index.ts; server/modules/index.ts registers every module
 * from this alone (its routes under their prefixes, its timed jobs, its demo data).
 */
export type ModuleDefinition = {
  name: string;
  routes: ModuleRoutes[];
  /** Registers the module's timed jobs; each must be idempotent and safe on several nodes. */
  jobs?: (ctx: ModuleJobsContext) => void;
  /**
   * The kinds of pending charge the module owns (its pending rows and what an outcome does to
   * them): server/modules/index.ts runs all of them in the one reconciliation job (decision 070).
   */
  chargeKinds?: (ctx: Pick<ModuleJobsContext, 'db' | 'config'>) => ChargeKind[];
  /** Adds the module's demo data, after the demo's people and schools exist (db/seed-demo.ts). */
  seedDemo?: (tx: Tx, now: Date, ctx: DemoContext) => Promise<void>;
};
