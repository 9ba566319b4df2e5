import { SCHOOL_PEOPLE, STAFF, type HelpArticleSource } from './article.js';

const topic = 'Communication';

export const COMMUNICATION_ARTICLES: readonly HelpArticleSource[] = [
  {
    slug: 'group-email',
    title: 'Send a group email',
    topic,
    roles: STAFF,
    summary: 'Email all students, parents or teachers, a class/group, an instrument’s students or people by name.',
    steps: [
      'Open Group Email in the menu.',
      'Choose the recipients: whole groups (active people only by default) and people by name. The count shows before you send.',
      'Write the subject and the message; {first_name}, {last_name} and {school_name} are filled in for each person.',
      'Choose Send: "Mail Sent successfully", and the send’s progress shows below.',
    ],
    notes: ['Every group email has an unsubscribe link. People who unsubscribed get no more group email, but reminders and invoices still reach them.'],
    links: [
      { label: 'Group Email', path: '/email' },
      { label: 'Communication Log', path: '/reporting/communication-log' },
    ],
    keywords: ['mass email', 'newsletter', 'announcement', 'unsubscribe'],
  },
  {
    slug: 'communication-log',
    title: 'The communication log',
    topic,
    roles: SCHOOL_PEOPLE,
    summary: 'Every email sent to you (staff: the school’s; teachers: their students’), with its status.',
    steps: [
      'Open Reports > Communication Log.',
      'Filter by date, status (queued, sent, failed) or search by subject.',
      'Open a message to read it. Secret links (password, pay, calendar) are cut out of the copy.',
    ],
    links: [{ label: 'Communication Log', path: '/reporting/communication-log' }],
    keywords: ['email', 'history', 'sent', 'failed'],
  },
  {
    slug: 'chat',
    title: 'Chat',
    topic,
    roles: ['superadmin', 'admin', 'subadmin', 'teacher', 'student'],
    summary: 'Write to the people you work with, and see when they are online and have read it.',
    steps: [
      'Choose the chat button in the header; its badge counts unread messages.',
      'Pick a person from the list (search finds others) and write.',
      'You see when they are typing and when they have read your message.',
    ],
    notes: ['Staff chat with everyone in the school, teachers with their students, students with their teachers and staff; the provider with the schools’ admins.'],
    links: [{ label: 'Chat', path: '/chat' }],
    keywords: ['message', 'talk', 'online'],
  },
  {
    slug: 'contact-for-more-features',
    title: 'Contact for More Features',
    topic: 'Support',
    roles: ['admin', 'subadmin', 'student', 'parent'],
    summary: 'Ask the Cadenza team for a feature, report a problem or ask about billing; the answer comes by email and on the same page.',
    steps: [
      'Open Contact for More Features: staff find it at the bottom of the menu; everyone can follow the link below.',
      'Pick the category (feature request, problem, billing or other), write a subject and your message, and choose "Send request".',
      'The answer is emailed to you and shows under your request on the same page.',
    ],
    links: [{ label: 'Contact for More Features', path: '/support' }],
    keywords: ['support', 'feature request', 'bug', 'problem', 'contact'],
  },
  {
    slug: 'answer-support-requests',
    title: 'Answer support requests',
    topic: 'Support',
    roles: ['superadmin'],
    summary: 'Read what schools and families ask the provider, and answer them.',
    steps: [
      'Open Contact for More Features: every request of every school, ten a page, filtered by open, answered or closed.',
      'Open a request to read it and its earlier answers.',
      'Write the answer and choose "Send answer"; tick "Mark as closed" when nothing more is to be done.',
      'The sender is emailed the answer and sees it on their page.',
    ],
    links: [{ label: 'Contact for More Features', path: '/support' }],
    keywords: ['support', 'inbox', 'requests', 'reply'],
  },
];
