import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeupCredits, notifications } from '../../../db/schema/index.js';
import { deliverPendingEmails } from '../../../services/email/deliver-pending-emails.js';
import type { OutgoingEmail } from '../../../services/email/mailer.js';
import { matchRoute } from '../../../../shared/routes.js';
import type { Role } from '../../../../shared/roles.js';
import { setSchoolsNow } from '../../../test/settable-clock.js';
import { BEFORE_THE_TESTS_LESSONS, addOneOff, schedulingWorld } from '../test-kit.js';
import { sendCreditReminders } from '../reminders/credit-reminders.js';
import { sendLessonReminders } from '../reminders/lesson-reminders.js';
import { patient } from '../../../../tests/patience.js';

/**
 * Every link in a family's lesson email opens a page its recipient may see (decision 082). The app
 * sends each kind the scheduling module has (a cancel, a move, a make-up, a lesson back on, a
 * closure, a lesson reminder, a credit reminder) to a student and to their parent; each link is
 * taken out of the email's HTML and text, its page must be in the recipient role's route table,
 * and a lesson it names must open for the recipient (getLesson as them). The bell's links too.
 */
let w: Awaited<ReturnType<typeof schedulingWorld>>;
let appUrl: string;
/** Each kind of family lesson email, by how its subject begins. */
const KINDS: Record<string, RegExp> = {
  cancelled: /^Lesson cancelled:/,
  moved: /^Lesson moved:/,
  makeup: /^Make-up lesson booked:/,
  restored: /^Lesson back on:/,
  closure: /^School closed:/,
  'lesson reminder': /^Reminder: Private Lesson/,
  'credit reminder': /^Reminder: a make-up credit/,
};
const kindOf = (email: OutgoingEmail) => Object.keys(KINDS).find((k) => KINDS[k]!.test(email.subject));
/** The emails as delivered (the outbox's stored copy has its long link parts cut out, decision 021). */
const delivered = () => w.t.sentEmails.filter((e) => kindOf(e) !== undefined);

beforeAll(async () => {
  w = await schedulingWorld('America/New_York');
  appUrl = w.t.services.config.appUrl;
  setSchoolsNow(w.t.services, [w.a.adminId, w.b.adminId], BEFORE_THE_TESTS_LESSONS);

  const cancelled = await addOneOff(w, { date: '2027-01-04', startTime: '16:00' });
  await w.api.ok('/cancelLesson', w.tok.admin, { id: cancelled, cancelReason: 'Teacher is ill', bank: true, grantAnyway: true });
  const [credit] = (await w.api.ok('/getCredits', w.tok.admin, { studentId: w.a.student.id })).results as { _id: string }[];
  await w.api.ok('/bookMakeup', w.tok.admin, {
    creditId: credit!._id, teacherId: w.a.teacher.id, lessonTypeId: w.types.private, date: '2027-01-08', startTime: '15:00', durationMinutes: 30,
  });
  const moved = await addOneOff(w, { date: '2027-01-05', startTime: '16:00' });
  await w.api.ok('/moveLesson', w.tok.teacher, { id: moved, date: '2027-01-06', startTime: '17:30' });
  const restored = await addOneOff(w, { date: '2027-01-11', startTime: '16:00' });
  await w.api.ok('/cancelLesson', w.tok.admin, { id: restored, cancelReason: 'Snow' });
  await w.api.ok('/restoreLesson', w.tok.admin, { id: restored });
  await addOneOff(w, { date: '2027-01-13', startTime: '16:00' });
  await w.api.ok('/holiday/add', w.tok.admin, { name: 'Staff day', startsOn: '2027-01-13', endsOn: '2027-01-13', bankLessons: true });
  // A day before the moved lesson: reminded; and the closure's credit, an hour before it expires.
  const all = <T>(run: (tx: Parameters<Parameters<typeof w.t.db.transaction>[1]>[0]) => Promise<T>) => w.t.db.transaction({ kind: 'all' }, run);
  await all((tx) => sendLessonReminders(tx, appUrl, new Date('2027-01-05T23:00:00Z')));
  const credits = await all((tx) => tx.select({ expiresAt: makeupCredits.expiresAt, status: makeupCredits.status }).from(makeupCredits).where(eq(makeupCredits.adminId, w.a.adminId)));
  const last = Math.max(...credits.filter((c) => c.status === 'available').map((c) => c.expiresAt.getTime()));
  await all((tx) => sendCreditReminders(tx, appUrl, new Date(last - 3_600_000)));
  await w.t.services.jobs.idle();
  await deliverPendingEmails(w.t.db, w.t.services.mailer, w.t.services.storage);
  // A dozen calls and two sweeps: longer than a hook's default on a busy machine.
}, patient(240_000));
afterAll(() => w.t.close());

/** The links of an email (its button and any address in its text) that point into the app. */
function linksOf(html: string, text: string): string[] {
  const found = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&').replaceAll('&#38;', '&'));
  found.push(...[...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0].replace(/[).,]+$/, '')));
  return [...new Set(found.filter((link) => link.startsWith(appUrl)))];
}

describe('the links of a family lesson email', () => {
  it('each kind reaches both the student and the parent', () => {
    for (const kind of Object.keys(KINDS)) {
      const to = delivered().filter((e) => kindOf(e) === kind).map((e) => e.to);
      expect(to, kind).toEqual(expect.arrayContaining([w.a.student.email, w.a.parent.email]));
    }
  });

  it('open a page in the recipient role’s route table, and the lesson they name opens for the recipient', async () => {
    const recipients: Record<string, { role: Role; token: string }> = {
      [w.a.student.email]: { role: 'student', token: w.tok.student },
      [w.a.parent.email]: { role: 'parent', token: w.tok.parent },
    };
    let checked = 0;
    let lessonsOpened = 0;
    for (const email of delivered()) {
      const who = recipients[email.to];
      if (!who) continue;
      const kind = kindOf(email);
      const links = linksOf(email.html, email.text);
      expect(links.length, `${kind} to ${who.role} has a link`).toBeGreaterThan(0);
      for (const link of links) {
        const url = new URL(link);
        expect(matchRoute(who.role, url.pathname), `${kind} to a ${who.role}: ${url.pathname}`).toBeDefined();
        const lesson = url.searchParams.get('lesson');
        if (lesson) {
          expect((await w.api.call('/getLesson', who.token, { id: lesson })).status, `${kind}: lesson ${lesson} for a ${who.role}`).toBe(200);
          lessonsOpened += 1;
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(Object.keys(KINDS).length * 2);
    // The cancel, the make-up, the restored lesson and the reminder name their lesson, for each of the two.
    expect(lessonsOpened).toBeGreaterThanOrEqual(8);
  });

  it('the parent’s "Lesson cancelled" opens the children’s calendar on that lesson, the student’s their own', () => {
    const cancels = delivered().filter((e) => kindOf(e) === 'cancelled' && e.subject.includes('Mon 4 Jan'));
    const toParent = cancels.find((e) => e.to === w.a.parent.email)!;
    const toStudent = cancels.find((e) => e.to === w.a.student.email)!;
    expect(linksOf(toParent.html, toParent.text)[0]).toMatch(new RegExp(`^${appUrl}/scheduling/family\\?date=2027-01-04&lesson=[0-9a-f-]{36}$`));
    expect(linksOf(toStudent.html, toStudent.text)[0]).toMatch(new RegExp(`^${appUrl}/scheduling/weekly\\?date=2027-01-04&lesson=[0-9a-f-]{36}$`));
  });

  it('the bell’s links open in the recipient role’s route table too', async () => {
    const notes = await w.t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(notifications).where(eq(notifications.adminId, w.a.adminId)));
    const roles: Record<string, Role> = { [w.a.student.id]: 'student', [w.a.parent.id]: 'parent' };
    const family = notes.filter((n) => roles[n.userId] && n.link);
    expect(family.length).toBeGreaterThan(0);
    for (const note of family) {
      const url = new URL(note.link!, appUrl);
      expect(matchRoute(roles[note.userId]!, url.pathname), `${note.kind} for a ${roles[note.userId]}: ${note.link}`).toBeDefined();
    }
  });
});
