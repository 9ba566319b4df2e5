import type { EventContentArg } from '@fullcalendar/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ScheduleEvent } from '../../../shared/contracts/scheduling';
import { lessonWho } from './eventInput';
import { formatDay } from './lessonFormat';
import classes from './calendar.module.css';

/** A lesson on the calendar: time, title, who, room, and its marks (attendance, cancelled, banked, make-up). */
export function LessonEventBody({ lesson, timeText, compact = false }: { lesson: ScheduleEvent; timeText?: string; compact?: boolean }) {
  const { cancelLesson, bankLesson, bankedExpDate } = lesson.assignedId;
  const title = lesson.detail ? lesson.title : lesson.lesson_type.name;
  // The title usually names them already ("Piano 30 – Lily Chen").
  const who = lessonWho(lesson);
  const showWho = who !== null && !title.includes(who);
  // What happened to it comes before the room: a short lesson's box shows its first lines only.
  const status = bankLesson && bankedExpDate ? `Cancelled · Banked until ${formatDay(bankedExpDate)}` : 'Cancelled';
  if (compact) {
    // The month's cells are small: one line, the marks as words (the drawer has the rest).
    return (
      <div className={classes.monthLine} data-cancelled={cancelLesson || undefined}>
        {lesson.attendanceTaken && <IconCircleCheck size={12} aria-label="Attendance taken" />}
        {timeText && <span className={classes.time}>{timeText}</span>}
        <span className={cancelLesson ? classes.struck : classes.title}>{title}</span>
        {cancelLesson && <span className={classes.badge}>{bankLesson ? 'Cancelled, banked' : 'Cancelled'}</span>}
        {lesson.isMakeup && <span className={classes.badge}>Make-up</span>}
      </div>
    );
  }
  return (
    <div className={classes.event} data-cancelled={cancelLesson || undefined} title={[title, cancelLesson ? status : null, lesson.room?.roomName].filter(Boolean).join(' · ')}>
      <div className={classes.eventLine}>
        {lesson.attendanceTaken && (
          <span className={classes.mark} title="Attendance taken">
            <IconCircleCheck size={13} aria-hidden />
            <span className={classes.srOnly}>Attendance taken</span>
          </span>
        )}
        {timeText && <span className={classes.time}>{timeText}</span>}
      </div>
      <div className={cancelLesson ? classes.struck : classes.title}>{title}</div>
      {cancelLesson && <div className={classes.badge}>{status}</div>}
      {lesson.isMakeup && <div className={classes.badge}>Make-up</div>}
      {showWho && <div className={classes.detail}>{who}</div>}
      {lesson.room && <div className={classes.detail}>{lesson.room.roomName}</div>}
    </div>
  );
}

export function renderEventContent(arg: EventContentArg) {
  const lesson = arg.event.extendedProps.lesson as ScheduleEvent | undefined;
  if (!lesson) return undefined;
  return <LessonEventBody lesson={lesson} timeText={arg.timeText} compact={arg.view.type === 'dayGridMonth'} />;
}
