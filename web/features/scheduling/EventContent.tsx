import type { EventContentArg } from '@fullcalendar/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ScheduleEvent } from '../../../shared/contracts/scheduling';
import { lessonWho } from './eventInput';
import { formatDay } from './lessonFormat';
import classes from './calendar.module.css';

/**
 * The words of a lesson's label: who first (as far as the detail rule lets the answer say, or the
 * caller's own word for it: a parent's children), then the type.
 */
export function lessonLabel(lesson: ScheduleEvent, whoSaid?: string | null) {
  const { cancelLesson, bankLesson, bankedExpDate, cancelReason } = lesson.assignedId;
  const who = whoSaid ?? lessonWho(lesson);
  const type = lesson.isMakeup ? `Make-up · ${lesson.lesson_type.name}` : lesson.lesson_type.name;
  const status = !cancelLesson ? null : bankLesson && bankedExpDate ? `Cancelled · Banked until ${formatDay(bankedExpDate)}` : 'Cancelled';
  return { who, type, status, reason: cancelLesson && cancelReason ? cancelReason : null };
}

/** A lesson on the calendar: time, who, type (a make-up says so), its marks and why it was cancelled, and the room. */
export function LessonEventBody({ lesson, timeText, compact = false, who: whoSaid }: { lesson: ScheduleEvent; timeText?: string; compact?: boolean; who?: string | null }) {
  const { cancelLesson, bankLesson } = lesson.assignedId;
  const { who, type, status, reason } = lessonLabel(lesson, whoSaid);
  const struck = cancelLesson ? classes.struck : classes.title;
  if (compact) {
    // The month's cells are small: one line, the marks as words (the drawer has the rest).
    return (
      <div className={classes.monthLine} data-cancelled={cancelLesson || undefined} title={[who, type, status, reason].filter(Boolean).join(' · ')}>
        {lesson.attendanceTaken && <IconCircleCheck size={12} aria-label="Attendance taken" />}
        {timeText && <span className={classes.time}>{timeText}</span>}
        <span className={struck}>{who ? `${who} – ${type}` : type}</span>
        {cancelLesson && <span className={classes.badge}>{bankLesson ? 'Cancelled, banked' : 'Cancelled'}</span>}
      </div>
    );
  }
  return (
    <div className={classes.event} data-cancelled={cancelLesson || undefined} title={[who, type, status, reason, lesson.room?.roomName].filter(Boolean).join(' · ')}>
      <div className={classes.eventLine}>
        {lesson.attendanceTaken && (
          <span className={classes.mark} title="Attendance taken">
            <IconCircleCheck size={13} aria-hidden />
            <span className={classes.srOnly}>Attendance taken</span>
          </span>
        )}
        {timeText && <span className={classes.time}>{timeText}</span>}
      </div>
      {who && <div className={`${struck} ${classes.who}`}>{who}</div>}
      <div className={who ? classes.detail : struck}>{type}</div>
      {status && <div className={classes.badge}>{status}</div>}
      {reason && <div className={classes.detail}>{reason}</div>}
      {lesson.room && <div className={classes.detail}>{lesson.room.roomName}</div>}
    </div>
  );
}

export function renderEventContent(arg: EventContentArg) {
  const lesson = arg.event.extendedProps.lesson as ScheduleEvent | undefined;
  if (!lesson) return arg.event.display === 'background' ? <span className={classes.closedLabel}>{arg.event.title}</span> : undefined;
  const who = arg.event.extendedProps.who as string | undefined;
  return <LessonEventBody lesson={lesson} timeText={arg.timeText} compact={arg.view.type === 'dayGridMonth'} who={who} />;
}
