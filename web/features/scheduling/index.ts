/**
 * The scheduling feature's entry for other features: the widgets they may show (a child's next
 * lessons and reminder switch, the lesson-reminders card, the private calendar link, a
 * student's make-up credits with "Book a make-up"). Its pages
 * are in ./pages.ts, for the router alone, so these widgets never enter the first load.
 */
export { ChildLessons, ChildReminderSwitch } from './widgets/ChildLessons';
export { CalendarFeedCard } from './widgets/CalendarFeedCard';
export { LessonRemindersCard } from './widgets/LessonRemindersCard';
export { MakeupCredits } from './widgets/MakeupCredits';
