import type { SchedulingSettingsRow } from '../../../db/schema/index.js';
import { inZone } from '../../../../shared/school-clock.js';

/**
 * The school's make-up rules, as pure decisions. A credit is earned when the lesson is cancelled
 * at least `noticeHours` ahead and the student is under both limits; staff may grant one anyway.
 */
export type CreditFacts = {
  now: Date;
  lessonStart: Date;
  /** Unused, unexpired credits the student holds now. */
  held: number;
  /** Credits earned from lessons in the same term. */
  earnedThisTerm: number;
  byHand: boolean;
};

export function decideCredit(settings: SchedulingSettingsRow, f: CreditFacts): { credited: boolean; reason: string | null } {
  if (f.byHand) return { credited: true, reason: null };
  const hoursAhead = (f.lessonStart.getTime() - f.now.getTime()) / 3_600_000;
  if (hoursAhead < settings.noticeHours) {
    return { credited: false, reason: `Cancelled less than ${settings.noticeHours} hours before the lesson` };
  }
  if (f.held >= settings.creditMaxHeld) return { credited: false, reason: `Already holds ${settings.creditMaxHeld} make-up credits` };
  if (f.earnedThisTerm >= settings.creditMaxPerTerm) {
    return { credited: false, reason: `Already earned ${settings.creditMaxPerTerm} make-up credits this term` };
  }
  return { credited: true, reason: null };
}

/**
 * A credit lives `creditLifetimeDays` calendar days in the school's zone from the missed lesson
 * (or from now, for a lesson already past): a 4 pm lesson's credit ends at 4 pm, clock change or not.
 */
export function creditExpiry(settings: SchedulingSettingsRow, lessonStart: Date, now: Date, zone: string): Date {
  const from = lessonStart > now ? lessonStart : now;
  return inZone(from, zone).plus({ days: settings.creditLifetimeDays }).toJSDate();
}

/** docs/domains/scheduling.md "Rules": banked-due when expired, or when it expires within the threshold of hours. */
export function isBankedDue(expiresAt: Date, now: Date, thresholdHours: number): boolean {
  return expiresAt.getTime() - now.getTime() < thresholdHours * 3_600_000;
}

/** The term a lesson date falls in: the school's term when set and containing it, else its calendar year. */
export function termOf(settings: SchedulingSettingsRow, localDate: string): { from: string; to: string } {
  const { termStartsOn, termEndsOn } = settings;
  if (termStartsOn && termEndsOn && localDate >= termStartsOn && localDate <= termEndsOn) return { from: termStartsOn, to: termEndsOn };
  const year = localDate.slice(0, 4);
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}
