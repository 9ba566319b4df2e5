import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuid } from '../../../shared/contracts/common.js';
import { PERSON_KINDS } from '../../../shared/contracts/members.js';
import { ok } from '../../lib/envelope.js';
import { memberProfile } from './member-profile.js';
import { peopleRoutes } from './people-routes.js';
import { listChildren } from './service.js';

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/children', { schema: { tags: ['members'] }, onRequest: app.requireAuth('parent') }, async (req, reply) => {
    return ok(reply, { results: await req.tx((tx) => listChildren(tx, req.actor!.id)) });
  });

  app.get('/profile/:id', { schema: { tags: ['members'], params: z.object({ id: uuid }) }, onRequest: app.requireAuth() }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => memberProfile(tx, req.actor!, req.params.id)));
  });

  for (const kind of PERSON_KINDS) await app.register(peopleRoutes, { prefix: `/${kind}`, kind });
};
