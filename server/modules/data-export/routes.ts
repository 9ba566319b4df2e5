import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DATA_EXPORT_ROUTES as R } from '../../../shared/contracts/data-export.js';
import { contractRoute } from '../../lib/contract-route.js';
import { latestExport, startExport } from './start-export.js';
import { serveExport } from './serve-export.js';

/** /api/dataExport: ask for an export, follow it, download it (decision 092). */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.start, (req) => req.tx((tx) => startExport(tx, req.actor!, req.body.scope, req.now())));

  contractRoute(app, R.latest, (req) => req.tx((tx) => latestExport(tx, req.actor!)));

  contractRoute(app, R.file, (req, reply) => serveExport(app.services, req.actor!, reply, req.params.id, req.now()));
};
