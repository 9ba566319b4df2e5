import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SCHEDULING_MESSAGES as M, SCHEDULING_ROUTES as R } from '../../../../shared/contracts/scheduling.js';
import { answer, contractRoute } from '../../../lib/contract-route.js';
import { addHoliday, listHolidays, removeHoliday } from './holidays.js';
import { addLessonType, listLessonTypes, removeLessonType, updateLessonType } from './lesson-types.js';
import { addRoom, listRooms, removeRoom, updateRoom } from './rooms.js';
import { getSettings, updateSettings } from './settings.js';

/** Rooms, lesson types, holidays and the school's rules under /api/scheduling (staff keep them; teachers read). */
export const schedulingSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, R.listRooms, (req) => req.tx((tx) => listRooms(tx, req.actor!, req.body)));
  contractRoute(app, R.addRoom, async (req) => answer(await req.tx((tx) => addRoom(tx, req.actor!, req.body)), M.roomAdded));
  contractRoute(app, R.updateRoom, async (req) => answer(await req.tx((tx) => updateRoom(tx, req.actor!, req.body)), M.roomUpdated));
  contractRoute(app, R.removeRoom, async (req) => {
    await req.tx((tx) => removeRoom(tx, req.actor!, req.body.id));
    return answer(null, M.roomDeleted);
  });

  contractRoute(app, R.listLessonTypes, (req) => req.tx((tx) => listLessonTypes(tx, req.actor!, req.body)));
  contractRoute(app, R.addLessonType, async (req) => answer(await req.tx((tx) => addLessonType(tx, req.actor!, req.body)), M.lessonTypeAdded));
  contractRoute(app, R.updateLessonType, async (req) => answer(await req.tx((tx) => updateLessonType(tx, req.actor!, req.body)), M.lessonTypeUpdated));
  contractRoute(app, R.removeLessonType, async (req) => {
    await req.tx((tx) => removeLessonType(tx, req.actor!, req.body.id));
    return answer(null, M.lessonTypeDeleted);
  });

  contractRoute(app, R.listHolidays, (req) => req.tx((tx) => listHolidays(tx, req.actor!, req.body)));
  contractRoute(app, R.addHoliday, async (req) => answer(await req.tx((tx) => addHoliday(tx, req.actor!, req.body, app.services.config.appUrl, req.now())), M.holidayAdded));
  contractRoute(app, R.removeHoliday, async (req) => answer(await req.tx((tx) => removeHoliday(tx, req.actor!, req.body.id, app.services.config.appUrl, req.now())), M.holidayDeleted));

  contractRoute(app, R.getSettings, (req) => req.tx((tx) => getSettings(tx, req.actor!)));
  contractRoute(app, R.updateSettings, async (req) => answer(await req.tx((tx) => updateSettings(tx, req.actor!, req.body)), M.settingsSaved));
};
