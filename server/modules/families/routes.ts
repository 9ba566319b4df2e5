import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FAMILY_MESSAGES, familyForm, familyIdBody, familyListBody, familyUpdateBody,
} from '../../../shared/contracts/families.js';
import { uuid } from '../../../shared/contracts/common.js';
import { ok } from '../../lib/envelope.js';
import { addFamily, getFamily, listFamilies, removeFamily, updateFamily } from './service.js';

const tags = ['families'];

/** Families under /api/family; who may do what is the members policy's (kind 'family'). */
export const familyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());

  app.post('/list', { schema: { tags, body: familyListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listFamilies(tx, req.actor!, req.body)));
  });

  app.post('/add', { schema: { tags, body: familyForm } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => addFamily(tx, req.actor!, req.body)), FAMILY_MESSAGES.added);
  });

  app.post('/update', { schema: { tags, body: familyUpdateBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => updateFamily(tx, req.actor!, req.body)), FAMILY_MESSAGES.updated);
  });

  app.delete('/remove', { schema: { tags, body: familyIdBody } }, async (req, reply) => {
    await req.tx((tx) => removeFamily(tx, req.actor!, req.body.id));
    return ok(reply, null, FAMILY_MESSAGES.deleted);
  });

  app.get('/view/:id', { schema: { tags, params: z.object({ id: uuid }) } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getFamily(tx, req.actor!, req.params.id)));
  });
};
