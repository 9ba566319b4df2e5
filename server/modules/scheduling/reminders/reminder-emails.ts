import { emailLayout } from '../../../services/email/layout.js';
import type { OutgoingEmail } from '../../../services/email/mailer.js';
import { inZone } from '../../../../shared/school-clock.js';

export type LessonReminderFacts = {
  firstName: string;
  /** Whose lesson: the student themself, or a parent's children ("Emma and Leo"). */
  studentNames: string;
  forOneself: boolean;
  lessonType: string;
  startsAt: Date;
  timeZone: string;
  roomName: string | null;
  teacherName: string | null;
  schoolName: string;
  calendarUrl: string;
};

const FOOTER = 'You get this email because lesson reminders are on. You can turn them off on your profile page.';

/** "Reminder: Piano lesson on Tue 1 Dec, 4:00 PM", the time on the school's wall clock. */
export function lessonReminderEmail(f: LessonReminderFacts): Omit<OutgoingEmail, 'to'> {
  const at = inZone(f.startsAt, f.timeZone);
  const whose = f.forOneself ? 'You have' : `${f.studentNames} has`;
  return {
    subject: `Reminder: ${f.lessonType} on ${at.toFormat('ccc d LLL, h:mm a')}`,
    ...emailLayout(
      `Hello ${f.firstName},`,
      [
        `${whose} a ${f.lessonType} at ${f.schoolName} on ${at.toFormat('cccc d LLLL yyyy')} at ${at.toFormat('h:mm a')} (${f.timeZone} time).`,
        ...(f.teacherName ? [`Teacher: ${f.teacherName}`] : []),
        ...(f.roomName ? [`Room: ${f.roomName}`] : []),
      ],
      { label: 'Open the calendar', url: f.calendarUrl },
      FOOTER,
    ),
  };
}

export type CreditReminderFacts = {
  firstName: string;
  studentName: string;
  forOneself: boolean;
  lessonType: string;
  expiresAt: Date;
  timeZone: string;
  schoolName: string;
  calendarUrl: string;
};

/** A make-up credit about to expire (it becomes banked-due). */
export function creditReminderEmail(f: CreditReminderFacts): Omit<OutgoingEmail, 'to'> {
  const until = inZone(f.expiresAt, f.timeZone);
  const whose = f.forOneself ? 'Your' : `${f.studentName}'s`;
  return {
    subject: `Reminder: a make-up credit expires on ${until.toFormat('ccc d LLL')}`,
    ...emailLayout(
      `Hello ${f.firstName},`,
      [
        `${whose} make-up credit for a missed ${f.lessonType} at ${f.schoolName} expires on ${until.toFormat('cccc d LLLL yyyy')} at ${until.toFormat('h:mm a')} (${f.timeZone} time).`,
        'Please ask the school to book the make-up lesson before then.',
      ],
      { label: 'Open the calendar', url: f.calendarUrl },
      FOOTER,
    ),
  };
}
