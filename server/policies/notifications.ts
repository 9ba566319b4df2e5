import type { Actor } from '../lib/actor.js';
import { hasNotifications } from '../../shared/contracts/notifications.js';
import { categoriesFor, type NotificationCategory } from '../../shared/contracts/notification-preferences.js';

/**
 * In-app notifications (issue 14, decision 039). One place, pure functions, a matrix test.
 *
 * - A role whose route table has /notification reads, marks and switches its own notifications.
 * - A userId in a request must be the caller's own: anyone else's, in the school or not, is not
 *   found (404), so the calls never tell whether a person exists. A parent does not read a child's
 *   bell: a child's notifications are for the child, and the communication log already shows a
 *   parent what the family was told.
 */
type NotificationActor = Pick<Actor, 'id' | 'role'>;

export const mayUseNotifications = (actor: Pick<Actor, 'role'>) => hasNotifications(actor.role);

/** Whether the actor may read or switch the notifications of this person. */
export const mayActForNotificationsOf = (actor: NotificationActor, userId: string) => mayUseNotifications(actor) && actor.id === userId;

/** A person chooses channels only for the categories their role is offered (decision 083). */
export const mayChooseCategory = (actor: Pick<Actor, 'role'>, category: NotificationCategory) => categoriesFor(actor.role).includes(category);
