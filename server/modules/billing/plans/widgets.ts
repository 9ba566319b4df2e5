import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppServices } from '../../../context.js';
import type { Tx } from '../../../db/client.js';
import { schools, studentPlans, users, widgetSettings } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { forbidden, notFound } from '../../../lib/http-errors.js';
import { mayBuildPlans } from '../../../policies/student-plans.js';
import { WIDGET_MESSAGES, type PublicWidget, type Widget, type WidgetStates } from '../../../../shared/contracts/plan-widgets.js';
import { presentPlan } from './plan-presenter.js';
import { namesOf, readerSchool } from './plans-service.js';

const COLUMN = { planwidget: 'planWidget', loginwidget: 'loginWidget', studentWidget: 'studentWidget', registerwidget: 'registerWidget' } as const;

async function statesOf(tx: Tx, adminId: string): Promise<WidgetStates> {
  const [row] = await tx.select().from(widgetSettings).where(eq(widgetSettings.adminId, adminId));
  return {
    planwidget: row?.planWidget ?? true, loginwidget: row?.loginWidget ?? true,
    studentWidget: row?.studentWidget ?? true, registerwidget: row?.registerWidget ?? true,
  };
}

/** /widget/getActiveWidget: which of the caller's school's widgets are on. */
export async function activeWidgets(tx: Tx, actor: Actor): Promise<WidgetStates> {
  return statesOf(tx, readerSchool(actor));
}

/** Switches a widget on or off (the office that builds the plans). */
export async function setWidget(tx: Tx, actor: Actor, widget: Widget, active: boolean): Promise<WidgetStates> {
  if (!mayBuildPlans(actor)) throw forbidden();
  const adminId = actor.adminId!;
  const set = { [COLUMN[widget]]: active, updatedAt: new Date() };
  await tx.insert(widgetSettings).values({ adminId, ...set }).onConflictDoUpdate({ target: widgetSettings.adminId, set });
  return statesOf(tx, adminId);
}

/** The plans a plan widget shows: every live plan, newest first (a school has a handful). */
const WIDGET_PLANS_MAX = 50;

/**
 * A widget's public page (no token): an open school (its owner active, the school not removed)
 * with the widget on, and for the plan widget its plans. Anything else is 404, saying no more.
 */
export async function publicWidget(s: Pick<AppServices, 'db'>, adminId: string, widget: Widget): Promise<PublicWidget> {
  return s.db.transaction({ kind: 'school', adminId }, async (tx) => {
    const [school] = await tx.select({ name: schools.schoolName }).from(users).innerJoin(schools, eq(schools.adminId, users.id))
      .where(and(eq(users.id, adminId), eq(users.role, 'admin'), sql`app_school_open(${users.id}, null)`)).limit(1);
    if (!school || !(await statesOf(tx, adminId))[widget]) throw notFound(WIDGET_MESSAGES.unavailable);
    let plans: PublicWidget['plans'] = [];
    if (widget === 'planwidget') {
      const rows = await tx.select().from(studentPlans).where(and(eq(studentPlans.adminId, adminId), isNull(studentPlans.retiredAt)))
        .orderBy(desc(studentPlans.createdAt), asc(studentPlans.id)).limit(WIDGET_PLANS_MAX);
      const names = await namesOf(tx, rows);
      plans = rows.map((r) => ({ ...presentPlan(r, names), subscriberCount: 0 }));
    }
    return { adminId, school_name: school.name, widget, plans };
  });
}
