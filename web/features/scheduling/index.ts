/**
 * The scheduling feature's entry for other features: the widgets they may show (a child's next
 * lessons and reminder switch, the lesson-reminders card, the private calendar link, a
 * student's make-up credits with "Book a make-up"). Its pages
 * are in ./pages.ts, for the router alone, so these widgets never enter the first load.
 */
export { ChildLessons, ChildReminderSwitch } from './widgets/ChildLessons';
export { CalendarFeedCard } from './widgets/CalendarFeedCard';
export { LessonRemindersCard } from './widgets/LessonRemindersCard';
// The person's one notification switch (docs/domains/communication.md: notificationOnOff), also shown on /notification.
export { useNotificationSetting, useSetNotification } from './widgets/remindersApi';
export { MakeupCredits } from './widgets/MakeupCredits';
// A student's past lessons, attendance and notes, with their credits, for the student's profile.
export { LessonHistory } from './widgets/LessonHistory';
// A lesson's drawer and its attendance form, for the dashboard's agenda (attendance one tap away).
export { LessonDrawer } from './LessonDrawer';
export { AttendanceForm } from './AttendanceForm';
export { useLesson } from './calendarApi';
