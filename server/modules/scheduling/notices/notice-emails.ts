import { emailLayout } from '../../../services/email/layout.js';
import type { OutgoingEmail } from '../../../services/email/mailer.js';
import { inZone } from '../../../../shared/school-clock.js';

/** What happened to a family's lessons (issue 10, "Families are told"). */
export type NoticeKind = 'cancelled' | 'moved' | 'rescheduled' | 'makeup' | 'closure' | 'restored' | 'reopened';

export type NoticeLine = { lessonType: string; startsAt: Date; newStartsAt: Date | null };

export type LessonNoticeFacts = {
  kind: NoticeKind;
  firstName: string;
  /** Whose lessons: the student themself, or a parent's children ("Emma and Leo"). */
  studentNames: string;
  forOneself: boolean;
  /** This person's lessons the change touched, earliest first. */
  lessons: NoticeLine[];
  /** The change was to a lesson and the ones after it in its series. */
  following: boolean;
  reason: string | null;
  timeZone: string;
  schoolName: string;
  calendarUrl: string;
};

/** Lessons listed one by one; past this many, the email says how many more. */
const LISTED = 8;
const FOOTER = 'You get this email because lesson reminders are on. You can turn them off on your profile page.';

const SUBJECTS: Record<NoticeKind, string> = {
  cancelled: 'Lesson cancelled',
  moved: 'Lesson moved',
  rescheduled: 'Lesson rescheduled',
  makeup: 'Make-up lesson booked',
  closure: 'School closed',
  restored: 'Lesson back on',
  reopened: 'School open again',
};

const short = (d: Date, zone: string) => inZone(d, zone).toFormat('ccc d LLL, h:mm a');
const long = (d: Date, zone: string) => inZone(d, zone).toFormat("cccc d LLLL yyyy 'at' h:mm a");

function lineOf(l: NoticeLine, f: LessonNoticeFacts): string {
  if (l.newStartsAt) return `${l.lessonType}: from ${long(l.startsAt, f.timeZone)} to ${long(l.newStartsAt, f.timeZone)}`;
  return `${l.lessonType}: ${long(l.startsAt, f.timeZone)}`;
}

/** The email's first sentence; also the in-app notification's text. */
export function headline(f: LessonNoticeFacts): string {
  const whose = f.forOneself ? 'Your' : `${f.studentNames}'s`;
  const n = f.lessons.length;
  const what = n === 1 ? 'lesson' : `${n} lessons`;
  const after = f.following ? ' and the lessons after it in the series' : '';
  switch (f.kind) {
    case 'cancelled':
      return `${whose} ${what}${after} at ${f.schoolName} ${n === 1 && !f.following ? 'has' : 'have'} been cancelled.`;
    case 'moved':
    case 'rescheduled':
      return `${whose} ${what}${after} at ${f.schoolName} ${n === 1 && !f.following ? 'has' : 'have'} a new time.`;
    case 'makeup':
      return `A make-up lesson has been booked for ${f.forOneself ? 'you' : f.studentNames} at ${f.schoolName}.`;
    case 'restored':
      return `${whose} ${what} at ${f.schoolName} ${n === 1 ? 'was cancelled and is back on' : 'were cancelled and are back on'}.`;
    case 'reopened':
      return `${f.schoolName} is open after all, so ${f.forOneself ? 'your' : `${f.studentNames}'s`} ${what} on those days ${n === 1 ? 'is' : 'are'} back on.`;
    case 'closure':
      return `${f.schoolName} is closed, so ${f.forOneself ? 'your' : `${f.studentNames}'s`} ${what} on those days ${n === 1 ? 'is' : 'are'} cancelled.`;
  }
}

/** "Lesson cancelled: Piano lesson on Tue 1 Dec, 4:00 PM": one email a person a change, times on the school's clock. */
export function lessonNoticeEmail(f: LessonNoticeFacts): Omit<OutgoingEmail, 'to'> {
  const first = f.lessons[0]!;
  const when = short(first.newStartsAt ?? first.startsAt, f.timeZone);
  const more = f.lessons.length > 1 ? ` and ${f.lessons.length - 1} more` : f.following ? ' and the following lessons' : '';
  const listed = f.lessons.slice(0, LISTED).map((l) => lineOf(l, f));
  const rest = f.lessons.length - listed.length;
  return {
    subject: `${SUBJECTS[f.kind]}: ${first.lessonType} on ${when}${more}`,
    ...emailLayout(
      `Hello ${f.firstName},`,
      [
        headline(f),
        ...listed,
        ...(rest > 0 ? [`…and ${rest} more.`] : []),
        ...(f.reason ? [`Reason: ${f.reason}`] : []),
        `Times are ${f.timeZone} time.`,
      ],
      { label: 'Open the calendar', url: f.calendarUrl },
      FOOTER,
    ),
  };
}
