import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { genres, learnMorePages, schools, teacherGenres, users, widgetSettings } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { decideReadLearnMore, mayWriteLearnMore } from '../../policies/my-biz.js';
import { LEARN_MORE_MESSAGES as M, type LearnMorePage } from '../../../shared/contracts/learn-more.js';
import { WIDGETS, WIDGET_TEXT, widgetPagePath, type Widget } from '../../../shared/contracts/plan-widgets.js';

const WIDGET_COLUMN = { planwidget: 'planWidget', loginwidget: 'loginWidget', studentWidget: 'studentWidget', registerwidget: 'registerWidget' } as const satisfies Record<Widget, string>;

/** The school's page as its students see it: about, active teachers with their instruments, contact, the widgets that are on. */
export async function getLearnMore(tx: Tx, actor: Actor, schoolId: string): Promise<LearnMorePage> {
  const decision = decideReadLearnMore(actor, schoolId);
  if (decision === 'forbidden') throw forbidden();
  if (decision === 'not-found') throw notFound(M.notFound);
  const [school] = await tx.select({
    name: schools.schoolName, phone: schools.workingPhone, address1: schools.address1, city: schools.city, state: schools.state,
    postalCode: schools.postalCode, country: schools.country, email: users.email, about: learnMorePages.about,
  }).from(schools).innerJoin(users, eq(users.id, schools.adminId)).leftJoin(learnMorePages, eq(learnMorePages.adminId, schools.adminId))
    .where(eq(schools.adminId, schoolId));
  if (!school) throw notFound(M.notFound);
  const instruments = sql<string[]>`coalesce(array_agg(${genres.name} order by ${genres.name}) filter (where ${genres.id} is not null), '{}')`;
  const teachers = await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, instruments })
    .from(users).leftJoin(teacherGenres, eq(teacherGenres.teacherId, users.id)).leftJoin(genres, eq(genres.id, teacherGenres.genreId))
    .where(and(eq(users.adminId, schoolId), eq(users.role, 'teacher'), eq(users.status, true)))
    .groupBy(users.id).orderBy(asc(users.firstName), asc(users.lastName));
  const [settings] = await tx.select().from(widgetSettings).where(eq(widgetSettings.adminId, schoolId));
  // No settings row yet: every widget is on (the table's defaults).
  const on = (w: Widget) => settings?.[WIDGET_COLUMN[w]] ?? true;
  const { about, email, ...contact } = school;
  return {
    school: { _id: schoolId, ...contact, email: email ?? '' },
    about: about ?? '',
    teachers: teachers.map((t) => ({ _id: t.id, first_name: t.firstName, last_name: t.lastName, instruments: t.instruments })),
    widgets: WIDGETS.filter(on).map((w) => ({ title: WIDGET_TEXT[w].title, path: widgetPagePath(w, schoolId) })),
  };
}

export async function updateLearnMoreAbout(tx: Tx, actor: Actor, about: string): Promise<{ about: string }> {
  if (!mayWriteLearnMore(actor.role) || !actor.adminId) throw forbidden();
  await tx.insert(learnMorePages).values({ adminId: actor.adminId, about })
    .onConflictDoUpdate({ target: learnMorePages.adminId, set: { about, updatedAt: new Date() } });
  return { about };
}
