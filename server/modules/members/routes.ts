import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEMBER_ROUTES as R, PERSON_KINDS } from '../../../shared/contracts/members.js';
import { contractRoute } from '../../lib/contract-route.js';
import { memberProfile } from './member-profile.js';
import { importRoutes } from './import-routes.js';
import { peopleRoutes } from './people-routes.js';
import { listChildren } from './service.js';

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.children, async (req) => ({ results: await req.tx((tx) => listChildren(tx, req.actor!.id)) }));

  contractRoute(app, R.profile, (req) => req.tx((tx) => memberProfile(tx, req.actor!, req.params.id)));

  for (const kind of PERSON_KINDS) await app.register(peopleRoutes, { kind });
  // Weekly lessons share the people's import machinery (decision 099).
  await app.register(importRoutes, { kind: 'lessons' });
};
