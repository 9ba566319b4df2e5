/**
 * The practice feature's entry for other parts of the client: the sidebar's Practice Timer (the
 * layout shows it to a student, and to staff acting as one). Its pages are in ./pages.ts.
 */
export { PracticeTimer } from './timer/PracticeTimer';
export { HeaderPracticeTimer } from './timer/HeaderPracticeTimer';
