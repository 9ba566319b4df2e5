import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  holidayForm, holidayListBody, lessonIdBody, lessonTypeForm, lessonTypeListBody, lessonTypeUpdateBody, roomForm, roomListBody, roomUpdateBody,
  schedulingSettingsForm, SCHEDULING_MESSAGES as M,
} from '../../../../shared/contracts/scheduling.js';
import { ok } from '../../../lib/envelope.js';
import { addHoliday, listHolidays, removeHoliday } from './holidays.js';
import { addLessonType, listLessonTypes, removeLessonType, updateLessonType } from './lesson-types.js';
import { addRoom, listRooms, removeRoom, updateRoom } from './rooms.js';
import { getSettings, updateSettings } from './settings.js';

const tags = ['scheduling'];

/** Rooms, lesson types, holidays and the school's rules under /api/scheduling (staff keep them; teachers read). */
export const schedulingSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAuth());

  app.post('/room/list', { schema: { tags, body: roomListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listRooms(tx, req.actor!, req.body)));
  });
  app.post('/room/add', { schema: { tags, body: roomForm } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => addRoom(tx, req.actor!, req.body)), M.roomAdded);
  });
  app.post('/room/update', { schema: { tags, body: roomUpdateBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => updateRoom(tx, req.actor!, req.body)), M.roomUpdated);
  });
  app.delete('/room/remove', { schema: { tags, body: lessonIdBody } }, async (req, reply) => {
    await req.tx((tx) => removeRoom(tx, req.actor!, req.body.id));
    return ok(reply, null, M.roomDeleted);
  });

  app.post('/lessonType/list', { schema: { tags, body: lessonTypeListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listLessonTypes(tx, req.actor!, req.body)));
  });
  app.post('/lessonType/add', { schema: { tags, body: lessonTypeForm } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => addLessonType(tx, req.actor!, req.body)), M.lessonTypeAdded);
  });
  app.post('/lessonType/update', { schema: { tags, body: lessonTypeUpdateBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => updateLessonType(tx, req.actor!, req.body)), M.lessonTypeUpdated);
  });
  app.delete('/lessonType/remove', { schema: { tags, body: lessonIdBody } }, async (req, reply) => {
    await req.tx((tx) => removeLessonType(tx, req.actor!, req.body.id));
    return ok(reply, null, M.lessonTypeDeleted);
  });

  app.post('/holiday/list', { schema: { tags, body: holidayListBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listHolidays(tx, req.actor!, req.body)));
  });
  app.post('/holiday/add', { schema: { tags, body: holidayForm } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => addHoliday(tx, req.actor!, req.body, app.services.config.appUrl)), M.holidayAdded);
  });
  app.delete('/holiday/remove', { schema: { tags, body: lessonIdBody } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => removeHoliday(tx, req.actor!, req.body.id, app.services.config.appUrl)), M.holidayDeleted);
  });

  app.post('/getSettings', { schema: { tags } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getSettings(tx, req.actor!)));
  });
  app.post('/updateSettings', { schema: { tags, body: schedulingSettingsForm } }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => updateSettings(tx, req.actor!, req.body)), M.settingsSaved);
  });
};
