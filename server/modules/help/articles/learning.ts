import type { HelpArticleSource } from './article.js';

const topic = 'Learning';

export const LEARNING_ARTICLES: readonly HelpArticleSource[] = [
  {
    slug: 'practice-timer',
    title: 'The practice timer',
    topic,
    roles: ['student'],
    summary: 'Time your practice every day from the sidebar; your teacher sees the minutes.',
    steps: [
      'Find the Practice Timer at the bottom of the sidebar (open the menu on a phone).',
      'Start it when you begin, pause it for a break, and stop it when you are done.',
      'Confirm "Are you sure that you want to stop Practice timer?": the day’s time is recorded.',
      'Tick the pieces you practised off under Practice.',
    ],
    notes: [
      'The timer runs on the server’s clock: a reload or another device picks it up where it was.',
      'Reports > Student Practice charts your minutes per day and week, with streaks.',
    ],
    links: [
      { label: 'Practice', path: '/learning/practice' },
      { label: 'Student Practice', path: '/reporting/student-practice' },
    ],
    keywords: ['timer', 'stopwatch', 'minutes', 'streak'],
  },
  {
    slug: 'assign-practice',
    title: 'Assign practice',
    topic,
    roles: ['admin', 'subadmin', 'teacher'],
    summary: 'Give students or a class/group pieces to practise, with a due date and minutes a day.',
    steps: [
      'Open Learning > Practice and choose to assign practice.',
      'Pick the students or a class/group, add the pieces and instructions, the due date and the minutes a day.',
      'Save: the students see it under Practice, sorted by due date.',
      'Open an assignment to see who ticked off which piece.',
    ],
    links: [
      { label: 'Practice', path: '/learning/practice' },
      { label: 'Assign Practice', path: '/learning/assign-practice' },
    ],
    keywords: ['homework', 'practice', 'pieces', 'assignment'],
  },
  {
    slug: 'student-practice-report',
    title: 'See practice minutes',
    topic,
    roles: ['parent'],
    summary: 'Follow how long your children practise each day and week.',
    steps: ['Open Reports > Student Practice.', 'Pick a child: the chart shows minutes per day and per week, with the current streak.'],
    links: [{ label: 'Student Practice', path: '/reporting/student-practice' }],
    keywords: ['timer', 'minutes', 'streak'],
  },
  {
    slug: 'courses',
    title: 'Courses',
    topic,
    roles: ['admin', 'subadmin', 'teacher', 'student'],
    summary: 'Courses are lessons with text and videos; staff and teachers write them, students follow the ones assigned to them.',
    steps: [
      'Open Learning > Courses.',
      'Staff and teachers: add a course (title, description, instrument, level), then its lessons with text and a YouTube or Vimeo video.',
      'A teacher’s course waits on Approve Course until the admin approves it (or rejects it with a reason, emailed to the teacher).',
      'Assign a course to students or a class/group; students mark each lesson done, and you see who finished what.',
    ],
    links: [
      { label: 'Courses', path: '/learning/courses' },
      { label: 'Approve Course', path: '/learning/approve-course' },
    ],
    keywords: ['course', 'lesson', 'video', 'approve'],
  },
  {
    slug: 'library',
    title: 'The library',
    topic,
    roles: ['superadmin', 'admin', 'subadmin', 'teacher', 'student'],
    summary: 'Keep sheet music, recordings and documents, and share them with students.',
    steps: [
      'Open Learning > Library (students: Dashboard > Library).',
      'Upload several files at once (PDF, images, audio, video, text; 25 MB each) and put them in folders.',
      'Preview or download a file; rename or delete your own.',
      'Share a file with students or a class/group: they find it in their Library.',
    ],
    notes: ['Files open only through links signed for one hour.'],
    links: [{ label: 'Library', path: '/learning/library' }],
    keywords: ['files', 'upload', 'sheet music', 'pdf', 'share'],
  },
];
