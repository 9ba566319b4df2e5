import type { FastifyPluginAsync } from 'fastify';
import { activityRoutes } from './activities/routes.js';
import { authRoutes } from './auth/routes.js';
import { classRoutes, classSchedulingRoutes } from './classes/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { familyRoutes } from './families/routes.js';
import { healthRoutes } from './health/routes.js';
import { genreRoutes } from './genres/routes.js';
import { memberFilterRoutes } from './members/filter-routes.js';
import { memberRoutes } from './members/routes.js';
import { merchantRoutes } from './merchant/routes.js';
import { profileRoutes } from './profile/routes.js';
import {
  attendanceReportRoutes, attendanceRoutes, calendarFeedRoutes, creditRoutes, icalRoutes, lessonRoutes, reminderRoutes, schedulingSetupRoutes,
} from './scheduling/index.js';
import { schoolRoutes } from './schools/routes.js';
import { approvedStudentRoutes, signupWidgetRoutes } from './signup-widget/routes.js';

/** Every module and its prefix under /api: the one list of what the API serves. */
export const registerModules: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(profileRoutes, { prefix: '/profile' });
  await app.register(dashboardRoutes, { prefix: '/dashboard' });
  await app.register(memberRoutes, { prefix: '/member' });
  await app.register(memberFilterRoutes, { prefix: '/auth' });
  await app.register(genreRoutes, { prefix: '/genre' });
  await app.register(schoolRoutes, { prefix: '/school/privateteacher' });
  await app.register(classRoutes, { prefix: '/classes' });
  await app.register(classSchedulingRoutes, { prefix: '/scheduling' });
  await app.register(lessonRoutes, { prefix: '/scheduling' });
  await app.register(attendanceRoutes, { prefix: '/scheduling' });
  await app.register(reminderRoutes, { prefix: '/scheduling' });
  await app.register(calendarFeedRoutes, { prefix: '/scheduling' });
  await app.register(icalRoutes, { prefix: '/scheduling' });
  await app.register(attendanceReportRoutes, { prefix: '/reporting' });
  await app.register(schedulingSetupRoutes, { prefix: '/scheduling' });
  await app.register(creditRoutes, { prefix: '/scheduling' });
  await app.register(familyRoutes, { prefix: '/family' });
  await app.register(activityRoutes, { prefix: '/recentActivities' });
  await app.register(signupWidgetRoutes, { prefix: '/student' });
  await app.register(approvedStudentRoutes, { prefix: '/reporting/approvedStudent' });
  await app.register(merchantRoutes, { prefix: '/merchant' });
};
